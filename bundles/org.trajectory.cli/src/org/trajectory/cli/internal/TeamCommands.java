package org.trajectory.cli.internal;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import org.trajectory.cli.internal.OptionsCommand.UsageException;
import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.DatasetAddress;
import org.trajectory.dataset.ReviewGrades;
import org.trajectory.dataset.ReviewState;
import org.trajectory.dataset.TeamRoles;
import org.trajectory.model.Words;
import org.trajectory.review.Agreement;

/** The commands of a review team: users, assign, queue, review and agreement. */
final class TeamCommands {

    private TeamCommands() {
    }

    /** {@code --as NAME}: on a folder the person is named by it (else the login of this machine); on a server the login decides. */
    static final class Reviewer {
        @Option(names = "--as", paramLabel = "NAME", description = "on a dataset folder, who you are (default: your login)") String as;

        /** The dataset, signed as the reviewer named. */
        Dataset open(DatasetAddress address) throws UsageException, IOException, SQLException {
            Dataset dataset = Dataset.open(address);
            if (as != null) {
                try {
                    dataset.signAs(as);
                } catch (IllegalStateException e) {
                    dataset.close();
                    throw new UsageException("--as is for dataset folders; " + e.getMessage());
                }
            }
            return dataset;
        }
    }

    private static ReviewState verdict(String text) throws UsageException {
        try {
            return ReviewState.verdict(text);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    /** {@code users --dataset SERVER [--grant LOGIN=ROLE]...}: the members of a server dataset and their roles. */
    static final class Users extends OptionsCommand<Users.Options> {
        @Command(name = "users", description = "list the members of a server dataset and their roles (curator, reviewer, viewer); --grant changes one")
        static final class Options {
            @Mixin DatasetOptions common;
            @Option(names = "--grant", paramLabel = "LOGIN=ROLE",
                    description = "give a server login a role: curator, reviewer, viewer or none") List<String> grants = new ArrayList<>();
        }

        @Override
        int run(Options args, PrintStream out, PrintStream err) throws UsageException, IOException, SQLException {
            try (Dataset dataset = DatasetOptions.open(args.common.dataset, err)) {
                for (String grant : args.grants) {
                    int equals = grant.indexOf('=');
                    if (equals <= 0) {
                        throw new UsageException("--grant takes LOGIN=ROLE, not '" + grant + "'");
                    }
                    String role = grant.substring(equals + 1);
                    try {
                        dataset.grant(grant.substring(0, equals), role.equals("none") ? null : TeamRoles.Role.of(role));
                    } catch (IllegalArgumentException | IllegalStateException e) {
                        throw new UsageException(e.getMessage());
                    }
                }
                Map<String, TeamRoles.Role> members;
                try {
                    members = dataset.members();
                } catch (IllegalStateException e) {
                    throw new UsageException(e.getMessage());
                }
                if (args.common.json) {
                    Map<String, String> json = new LinkedHashMap<>();
                    members.forEach((login, role) -> json.put(login, role.id()));
                    printJson(out, json);
                } else {
                    members.forEach((login, role) -> out.printf(Locale.ROOT, "%-24s %s%n", login, role.id()));
                    if (members.isEmpty()) {
                        out.println("no members yet; a curator adds them with --grant LOGIN=reviewer");
                    }
                }
            }
            return OK;
        }
    }

    /** {@code assign --dataset D --reviewers a,b,c --overlap N [--gold FILE]}. */
    static final class Assign extends OptionsCommand<Assign.Options> {
        @Command(name = "assign", description = "give each task to N reviewers (round-robin, balanced, the same every time); gold tasks go to everyone")
        static final class Options {
            @Mixin DatasetOptions common;
            @Option(names = "--reviewers", required = true, split = ",", paramLabel = "A,B,C",
                    description = "the reviewers (server logins, or names on a folder)") List<String> reviewers;
            @Option(names = "--overlap", paramLabel = "N",
                    description = "reviewers per task (default 1; 2 or more to measure agreement)") int overlap = 1;
            @Option(names = "--gold", paramLabel = "FILE",
                    description = "tasks with known verdicts, one 'task_id,verdict' a line (verdict: approve, reject, needs-fix)") Path gold;
            @Option(names = "--replace", description = "drop the earlier assignments first (without it, these are added to them)") boolean replace;
        }

        @Override
        int run(Options args, PrintStream out, PrintStream err) throws UsageException, IOException, SQLException {
            if (args.overlap < 1 || args.overlap > args.reviewers.size()) {
                throw new UsageException("--overlap must be between 1 and the number of reviewers (" + args.reviewers.size() + ")");
            }
            Map<String, ReviewState> gold;
            try {
                gold = args.gold == null ? Map.of() : Agreement.readGold(args.gold);
            } catch (IOException e) {
                throw new UsageException(e.getMessage());
            }
            int count;
            try (Dataset dataset = DatasetOptions.open(args.common.dataset, err)) {
                try {
                    count = dataset.teamReview().assign(args.reviewers, args.overlap, gold, args.replace);
                } catch (IllegalArgumentException e) {
                    throw new UsageException(e.getMessage());
                }
                for (String reviewer : args.reviewers) {
                    out.printf(Locale.ROOT, "%-24s %d tasks to review%n", reviewer, dataset.teamReview().queue(reviewer).size());
                }
            }
            out.println(Words.count(count, "assignment") + " added" + (args.replace ? " (the earlier ones dropped)" : "") + ", "
                    + Words.count(gold.size(), "gold task"));
            return OK;
        }
    }

    /** {@code queue --dataset D [--as NAME]}: one's tasks not yet judged. */
    static final class Queue extends OptionsCommand<Queue.Options> {
        @Command(name = "queue", description = "list the tasks given to you that you have not judged yet")
        static final class Options {
            @Mixin DatasetOptions common;
            @Mixin Reviewer reviewer;
        }

        @Override
        int run(Options args, PrintStream out, PrintStream err) throws UsageException, IOException, SQLException {
            try (Dataset dataset = args.reviewer.open(args.common.dataset)) {
                List<String> queue = dataset.teamReview().queue(dataset.user());
                if (args.common.json) {
                    printJson(out, queue);
                } else {
                    queue.forEach(out::println);
                    err.println(prefix() + Words.count(queue.size(), "task") + " to review for " + dataset.user());
                }
            }
            return OK;
        }
    }

    /** {@code review TASK --dataset D --verdict V [--note TEXT] [--final] [--as NAME]}. */
    static final class Review extends OptionsCommand<Review.Options> {
        @Command(name = "review", description = "give your verdict on a task (approve, reject, needs-fix), and optionally its grades; --final closes it as the curator's decision")
        static final class Options {
            @Mixin DatasetOptions common;
            @Parameters(index = "0", paramLabel = "TASK_ID", description = "the task") String taskId;
            @Option(names = "--verdict", required = true, paramLabel = "approve|reject|needs-fix", description = "your verdict") String verdict;
            @Option(names = "--note", paramLabel = "TEXT", description = "why") String note;
            @Option(names = "--final", description = "also set the task's review state: the decision that settles a disagreement") boolean decide;
            @Option(names = "--accept-level", paramLabel = "1-3", description = "how good an accepted task is: 1 usable, 2 good, 3 exemplary (optional)") Integer acceptLevel;
            @Option(names = "--grade", paramLabel = "CRITERION=1-5", split = ",",
                    description = "the rubric (optional): correctness, difficulty, knowledge, value, each from 1 to 5, e.g. --grade correctness=4,value=3") Map<String, Integer> rubric = new LinkedHashMap<>();
            @Mixin Reviewer reviewer;
        }

        @Override
        int run(Options args, PrintStream out, PrintStream err) throws UsageException, IOException, SQLException {
            ReviewState verdict = verdict(args.verdict);
            ReviewGrades grades = grades(args);
            try (Dataset dataset = args.reviewer.open(args.common.dataset)) {
                dataset.teamReview().judge(args.taskId, verdict, args.note);
                if (args.decide) {
                    dataset.reviews().set(args.taskId, verdict, dataset.user(), args.note);
                }
                if (!grades.isEmpty()) {
                    dataset.reviews().grade(args.taskId, grades);
                }
                out.println(args.taskId + ": " + verdict.id() + " by " + dataset.user() + (args.decide ? " (final)" : "")
                        + (grades.isEmpty() ? "" : ", graded " + grades.toJson()));
            }
            return OK;
        }

        /** The grades given, each checked: an unknown criterion or a grade out of its range is a usage error. */
        private static ReviewGrades grades(Options args) throws UsageException {
            List<String> criteria = List.of(ReviewGrades.RUBRIC);
            for (String criterion : args.rubric.keySet()) {
                if (!criteria.contains(criterion)) {
                    throw new UsageException("--grade " + criterion + ": the rubric's criteria are " + String.join(", ", criteria));
                }
            }
            try {
                return new ReviewGrades(args.acceptLevel, args.rubric.get(criteria.get(0)), args.rubric.get(criteria.get(1)),
                        args.rubric.get(criteria.get(2)), args.rubric.get(criteria.get(3)));
            } catch (IllegalArgumentException e) {
                throw new UsageException(e.getMessage());
            }
        }
    }

    /** {@code agreement --dataset D}: kappa per pair, alpha, gold accuracy, the disagreements to settle. */
    static final class AgreementReport extends OptionsCommand<AgreementReport.Options> {
        @Command(name = "agreement", description = "how far reviewers agree: Cohen's kappa per pair, Krippendorff's alpha, accuracy on gold tasks, disagreements")
        static final class Options {
            @Mixin DatasetOptions common;
        }

        @Override
        int run(Options args, PrintStream out, PrintStream err) throws UsageException, IOException, SQLException {
            Agreement agreement = Agreement.of(args.common.read(d -> d.teamReview().verdicts(), err));
            if (args.common.json) {
                printJson(out, agreement);
                return OK;
            }
            out.printf(Locale.ROOT, "Krippendorff's alpha: %s over %d tasks judged twice or more%n", number(agreement.alpha()), agreement.tasksWithTwoOrMore());
            out.println("Cohen's kappa:");
            agreement.pairs().forEach(p -> out.printf(Locale.ROOT, "  %-20s %-20s %s over %d tasks%n", p.a(), p.b(), number(p.kappa()), p.tasks()));
            if (!agreement.gold().isEmpty()) {
                out.println("accuracy on gold tasks:");
                agreement.gold().forEach((who, g) -> out.printf(Locale.ROOT, "  %-20s %s (%d of %d)%n", who, number(g.accuracy()), g.right(), g.judged()));
            }
            long open = agreement.disagreements().stream().filter(d -> d.settled() == null).count();
            out.println("disagreements: " + agreement.disagreements().size() + ", " + open + " not settled");
            agreement.disagreements().stream().filter(d -> d.settled() == null).limit(50).forEach(d -> {
                List<String> parts = new ArrayList<>();
                d.verdicts().forEach((who, v) -> parts.add(who + " " + v.id()));
                out.println("  " + d.taskId() + ": " + String.join(", ", parts));
            });
            return OK;
        }

        private static String number(double value) {
            return Double.isNaN(value) ? "n/a" : String.format(Locale.ROOT, "%.3f", value);
        }
    }
}
