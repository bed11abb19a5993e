package org.trajectory.scrub.internal;

import java.util.List;

import org.junit.jupiter.api.Nested;
import org.trajectory.scrub.Detector;
import org.trajectory.scrub.kit.DetectorContract;

/** The detector contract, run on every detector the workbench ships, with the look-alikes each must leave alone. */
class DetectorContractsTest {

    /** Strings every detector leaves alone: versions, times, dates, commit hashes, sums. */
    private static final List<String> COMMON = List.of("3.14.159", "v2.14.1", "12:30:45", "2026-11-25", "a94a8fe5ccb19ba61c4c0873d391e987982fbbd3",
            "1,234,567.89", "release-2024.03");

    private static List<String> with(String... more) {
        return java.util.stream.Stream.concat(COMMON.stream(), java.util.stream.Stream.of(more)).toList();
    }

    @Nested
    class Email extends DetectorContract {
        protected String id() { return "email"; }
        protected List<String> examples() { return List.of("alice.martin@example.com", "b_o-b+news@mail.co.uk"); }
        protected List<String> lookAlikes() { return with("@example", "user@", "name at example dot com"); }
    }

    @Nested
    class Phone extends DetectorContract {
        protected String id() { return "phone"; }
        protected List<String> examples() { return List.of("+1 415-555-0132", "(212) 555-0187", "+44 20 7946 0958", "+49 30 901820"); }
        protected List<String> lookAlikes() { return with("10:15", "ISBN 978-3-16", "2048 x 1536"); }
    }

    @Nested
    class Card extends DetectorContract {
        protected String id() { return "card"; }
        protected List<String> examples() { return List.of("4111 1111 1111 1111", "5555-5555-5555-4444", "378282246310005"); }
        protected List<String> lookAlikes() { return with("4111 1111 1111 1112", "1234 5678 9012 3456", "order 100000000000000"); }
    }

    @Nested
    class Iban extends DetectorContract {
        protected String id() { return "iban"; }
        protected List<String> examples() { return List.of("DE89 3704 0044 0532 0130 00", "GB29NWBK60161331926819"); }
        protected List<String> lookAlikes() { return with("DE89370400440532013001", "AB12 3456 7890 1234"); }
    }

    @Nested
    class Ip extends DetectorContract {
        protected String id() { return "ip"; }
        protected List<String> examples() { return List.of("192.168.1.42", "10.0.0.7", "2001:db8:85a3::8a2e:370:7334"); }
        protected List<String> lookAlikes() { return with("999.1.1.1", "1.2.3", "v1.2.3.4"); }
    }

    @Nested
    class Mac extends DetectorContract {
        protected String id() { return "mac"; }
        protected List<String> examples() { return List.of("00:1A:2B:3C:4D:5E", "a4-5e-60-e8-12-9f"); }
        protected List<String> lookAlikes() { return with("00:1A:2B:3C", "12:34:56"); }
    }

    @Nested
    class Token extends DetectorContract {
        protected String id() { return "token"; }
        protected List<String> examples() { return List.of("ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8", "hf_QwErTyUiOpAsDfGhJkLzXcVbNm12345678",
                "AKIAIOSFODNN7EXAMPLE", "sk-proj-Xy12Ab34Cd56Ef78Gh90Ij12Kl34",
                // as OCR read them off a screen: "glpat-" in a form field, "AKIA" in an editor
                "aipat-AUelvnaQirmagyySHgiW", "AKTAIYBOJIPRSKWINOYG"); }
        protected List<String> lookAlikes() { return with("ThisIsAnOrdinaryCamelCaseIdentifier", "0123456789abcdef0123456789abcdef",
                "internationalization-and-localization", "compat-layer-for-the-old-version-of-it"); }
    }

    @Nested
    class CredentialUrl extends DetectorContract {
        protected String id() { return "url-credentials"; }
        protected List<String> examples() { return List.of("https://alice:s3cret@git.example.com/repo.git",
                "https://api.example.com/v1/items?access_token=Zx81kQ2m"); }
        protected List<String> lookAlikes() { return with("https://example.com/docs?page=2", "http://localhost:8080/"); }
    }

    @Nested
    class Address extends DetectorContract {
        protected String id() { return "address"; }
        protected List<String> examples() { return List.of("221B Baker Street", "1600 Pennsylvania Ave NW, Washington, DC 20500",
                "Hauptstraße 5, 10115 Berlin"); }
        protected List<String> lookAlikes() { return with("3 Main Points", "10 Downing", "Street Fighter 2"); }
    }

    @Nested
    class Contributor extends DetectorContract {
        protected String id() { return "contributor"; }
        protected List<String> examples() { return List.of("Alice Martin", "amartin-laptop"); }
        protected List<String> lookAlikes() { return with("Alice", "Martinez", "amartin"); }
        @Override
        protected Detector.Context context() { return new Detector.Context(List.of("Alice Martin", "amartin-laptop", "al"), "US"); }
    }
}
