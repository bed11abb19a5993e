package org.trajectory.scrub.internal;

import java.util.List;
import java.util.regex.Pattern;

import org.trajectory.scrub.Detector;

/**
 * Web addresses that carry a secret: a user and password before the host ({@code https://me:pw@host/}), or a query
 * parameter whose name says it holds one (token, key, secret, password, signature, session, code). The whole address
 * is the finding: the rest of it says where the secret opens.
 */
public final class CredentialUrlDetector implements Detector {

    private static final Pattern URL = Pattern.compile("(?i)\\b[a-z][a-z0-9+.-]*://[^\\s\"'<>]*[^\\s\"'<>.,;:!?)]");
    private static final Pattern USER_PASSWORD = Pattern.compile("(?i)^[a-z][a-z0-9+.-]*://[^/\\s:@]+:[^/\\s@]+@");
    private static final Pattern SECRET_PARAMETER = Pattern.compile("(?i)[?&#](?:[a-z_]*token|[a-z_]*key|api_?key|secret|client_secret"
            + "|password|passwd|pwd|pass|auth|sig|signature|session(?:id)?|sid|code|credential[s]?)=[^&\\s]{4,}");

    @Override
    public List<Span> find(String text, Context context) {
        return Candidates.find(URL, text, url -> USER_PASSWORD.matcher(url).find() || SECRET_PARAMETER.matcher(url).find());
    }
}
