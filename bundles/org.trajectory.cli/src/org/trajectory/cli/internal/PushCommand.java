package org.trajectory.cli.internal;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import org.eclipse.equinox.security.storage.StorageException;

import org.trajectory.export.hub.PushOperation;
import org.trajectory.vlm.ApiKeys;
import org.trajectory.vlm.SecretStorage;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code push FOLDER --repo user/name [--public] [--overwrite] [--allow-personal-data]}, and {@code push --login} to store a token. */
final class PushCommand extends OptionsCommand<PushCommand.Options> {

    /** Where the token is kept in secure storage, and the variable that wins over it. */
    static final String TOKEN_NODE = "huggingface";
    static final String TOKEN_VARIABLE = "HF_TOKEN";

    @Command(name = "push", description = "upload an export folder to a dataset repository on the Hugging Face Hub (HF_ENDPOINT"
            + " for another server); the token comes from HF_TOKEN or secure storage (push --login)")
    static final class Options {
        @Parameters(paramLabel = "FOLDER", arity = "0..1", description = "the export folder (./workbench export --format huggingface)") Path folder;
        @Option(names = "--repo", paramLabel = "USER/NAME", description = "the dataset repository (made if it does not exist)") String repo;
        @Option(names = "--public", description = "make a new repository public (by default it is private)") boolean publicRepo;
        @Option(names = "--private", hidden = true, description = "a new repository is private by default") boolean privateRepo;
        @Option(names = "--allow-personal-data", description = "push a folder whose card says it kept personal data or holds tasks never"
                + " scrubbed (by default such a folder is refused)") boolean allowPersonalData;
        @Option(names = "--overwrite", description = "push into a repository that exists and was not made by the workbench") boolean overwrite;
        @Option(names = "--login", description = "read a token from standard input and keep it encrypted (a master password, asked once, or"
                + " " + SecretStorage.PASSWORD_VARIABLE + ", where no desktop keyring holds one)") boolean login;
        @Option(names = "--json", description = "print the result as JSON on stdout") boolean json;
    }

    @Override
    int run(Options args, PrintStream out, PrintStream err) throws Exception {
        if (args.login) {
            err.println("paste a Hugging Face token with write access, then Enter:");
            String token = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
            if (token == null || token.isBlank()) {
                throw new UsageException("no token was given");
            }
            try {
                ApiKeys.user().store(TOKEN_NODE, token.strip());
            } catch (StorageException e) {
                throw new IOException("the token could not be kept in secure storage: " + e.getMessage());
            }
            out.println("the token is kept " + SecretStorage.describe() + "; HF_TOKEN, when set, is used instead");
            return OK;
        }
        if (args.folder == null || args.repo == null) {
            throw new UsageException("give the export folder and --repo USER/NAME");
        }
        PushOperation push;
        try {
            push = new PushOperation(args.folder, new PushOperation.Options(args.repo, !args.publicRepo, args.overwrite, PushOperation.endpoint(),
                    ApiKeys.user().get(TOKEN_NODE, TOKEN_VARIABLE), args.allowPersonalData));
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        return execute(push, args.json, null, out, err);
    }
}
