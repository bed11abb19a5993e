package org.trajectory.vlm.prompt;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.trajectory.model.Home;

/**
 * Prompts a bundle ships in its {@code prompts/} folder (annotation's {@code generator.txt}, {@code reflector.txt},
 * {@code summarizer.txt}; the model-judged criteria's own): the system text and the user template separated by a line
 * {@code ---}. A file of the same name in the override folder replaces the shipped one. Templates name values as
 * {@code {{name}}}; values are put in literally, never read as templates. Used by annotation, scoring and extraction.
 *
 * @since 0.1
 */
public final class Prompts {

    /** The folder a user's own prompts are read from when no other is given. */
    public static final Path USER_FOLDER = Home.folder("prompts");
    public static final String GENERATOR = "generator";
    public static final String REFLECTOR = "reflector";
    public static final String SUMMARIZER = "summarizer";

    private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{([a-z_]+)}}");

    /** One prompt: its system text and user template. */
    public record Prompt(String system, String template) {

        public String fill(Map<String, String> values) {
            Matcher matcher = PLACEHOLDER.matcher(template);
            StringBuilder out = new StringBuilder();
            while (matcher.find()) {
                String value = values.get(matcher.group(1));
                matcher.appendReplacement(out, Matcher.quoteReplacement(value == null ? matcher.group() : value));
            }
            return matcher.appendTail(out).toString();
        }
    }

    private final Path overrides;
    private final Class<?> shipper;

    /**
     * Prompts shipped in the {@code prompts/} folder of the bundle of {@code shipper}.
     *
     * @param overrides a folder of prompt files to use instead of the shipped ones, or null
     */
    public Prompts(Path overrides, Class<?> shipper) {
        this.overrides = overrides;
        this.shipper = shipper;
    }

    /** The prompts shipped with {@code shipper}'s bundle, or the user's files of the same names. */
    public static Prompts defaults(Class<?> shipper) {
        return new Prompts(Files.isDirectory(USER_FOLDER) ? USER_FOLDER : null, shipper);
    }

    public Prompt get(String name) throws IOException {
        String text;
        Path own = overrides == null ? null : overrides.resolve(name + ".txt");
        if (own != null && Files.isRegularFile(own)) {
            text = Files.readString(own);
        } else {
            try (InputStream in = shipper.getResourceAsStream("/prompts/" + name + ".txt")) {
                if (in == null) {
                    throw new IOException("no prompt named " + name);
                }
                text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
        }
        int separator = text.indexOf("\n---\n");
        if (separator < 0) {
            throw new IOException((own != null && Files.isRegularFile(own) ? own : name + ".txt")
                    + ": a prompt is the system text, a line '---', then the user template");
        }
        return new Prompt(text.substring(0, separator).strip(), text.substring(separator + 5).strip());
    }
}
