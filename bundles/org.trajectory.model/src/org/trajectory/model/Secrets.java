package org.trajectory.model;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Secrets taken out of text that is about to be shown (a server's error message, an address in an error): the exact
 * values we sent, and whatever is shaped like one (a bearer token, a key with a known prefix, a password in an address
 * or a {@code key=value} pair). What is left says what happened without what would let someone in.
 *
 * @since 0.1
 */
public final class Secrets {

    /** What stands where a secret was. */
    public static final String HIDDEN = "<hidden>";

    private static final Pattern BEARER = Pattern.compile("(?i)\\b(bearer|basic|token)(\\s+)[A-Za-z0-9._~+/=\\-]{8,}");
    // Hugging Face, OpenAI, Anthropic, Google, GitHub, Slack, AWS access keys.
    private static final Pattern KEY = Pattern.compile(
            "\\b(hf_|sk-ant-|sk-proj-|sk-|AIza|ghp_|gho_|ghs_|github_pat_|xox[abprs]-|AKIA)[A-Za-z0-9_\\-]{8,}");
    private static final Pattern NAMED = Pattern.compile(
            "(?i)\\b((?:ssl)?password|passwd|pwd|secret|api[_-]?key|access[_-]?token|token|authorization)(\"?\\s*[:=]\\s*\"?)([^\\s\"'&,;]+)");
    private static final Pattern USER_INFO = Pattern.compile("(?i)\\b([a-z][a-z0-9+.\\-]*:/{1,2}[^/\\s:@]*):([^@\\s/]+)@");

    private Secrets() {
    }

    /** {@code text} with the {@code known} values and every secret-shaped string replaced by {@value #HIDDEN}; null stays null. */
    public static String scrub(String text, String... known) {
        if (text == null) {
            return null;
        }
        String clean = text;
        for (String secret : known) {
            if (secret != null && secret.length() >= 4) {
                clean = clean.replace(secret, HIDDEN);
            }
        }
        clean = USER_INFO.matcher(clean).replaceAll(match -> Matcher.quoteReplacement(match.group(1) + ":" + HIDDEN + "@"));
        clean = BEARER.matcher(clean).replaceAll(match -> Matcher.quoteReplacement(match.group(1) + match.group(2) + HIDDEN));
        clean = NAMED.matcher(clean).replaceAll(match -> Matcher.quoteReplacement(match.group(1) + match.group(2) + HIDDEN));
        return KEY.matcher(clean).replaceAll(HIDDEN);
    }
}
