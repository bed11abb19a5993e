package org.trajectory.cli.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Base64;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.trajectory.cli.Command;
import org.trajectory.dataset.kit.PostgresServer;
import org.trajectory.model.Secrets;
import org.trajectory.vlm.ApiKeys;
import org.trajectory.vlm.SecretStorage;

/** Secrets kept secret: the Hub token encrypted in a private file, never kept in clear, never shown back; a password file others read is refused. */
class SecretsTest extends CommandTestBase {

    private static final String TOKEN = "hf_TulipOrchidVault4242abcdef";

    @TempDir
    Path home;

    private String userHome;
    private InputStream stdin;

    @BeforeEach
    void freshHome() {
        userHome = System.getProperty("user.home");
        stdin = System.in;
        System.setProperty("user.home", home.toString());
    }

    @AfterEach
    void restore() {
        System.setProperty("user.home", userHome);
        System.setIn(stdin);
        SecretStorage.useAsker(null);
    }

    private int login() {
        System.setIn(new ByteArrayInputStream((TOKEN + "\n").getBytes(StandardCharsets.UTF_8)));
        return run("push", "--login");
    }

    @Test
    void theHubTokenIsKeptEncryptedInAFileOnlyItsOwnerReads() throws Exception {
        SecretStorage.useAsker(create -> "correct horse".toCharArray()); // what the terminal or the window would be told
        assertEquals(Command.OK, login(), err());
        Path file = SecretStorage.file();
        assertTrue(out().contains("encrypted (AES) with your master password in " + file + ", readable by you only"), out());
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file.getParent())));
        String stored = Files.readString(file, StandardCharsets.ISO_8859_1);
        assertFalse(stored.contains(TOKEN) || stored.contains(Base64.getEncoder().encodeToString(TOKEN.getBytes(StandardCharsets.UTF_8))),
                "the token is not in the file, plain or in base64");
        assertFalse(err().contains("unencrypted") || out().contains("clear text"), err() + out());
        assertEquals(TOKEN, ApiKeys.user().stored(PushCommand.TOKEN_NODE), "read back with the master password");
    }

    @Test
    void withNoKeyringAndNoOneToAskNothingIsKept() throws Exception {
        SecretStorage.useAsker(create -> null); // the person cancels the master password
        assertEquals(Command.FAILED, login());
        assertTrue(err().contains("nothing was kept"), err());
        Path file = SecretStorage.file();
        assertFalse(Files.exists(file) && Files.readString(file, StandardCharsets.ISO_8859_1)
                .contains(Base64.getEncoder().encodeToString(TOKEN.getBytes(StandardCharsets.UTF_8))), "no token in clear text");
    }

    @Test
    void aServerEchoingTheTokenIsShownWithoutIt() {
        String echoed = "Invalid credentials: Bearer " + TOKEN + " for key=" + TOKEN + "; also sk-ant-abcdefghijklmnop and AIzaSyA1234567890";
        String shown = Secrets.scrub(echoed, TOKEN);
        assertFalse(shown.contains("TulipOrchid") || shown.contains("abcdefghijklmnop") || shown.contains("SyA1234567890"), shown);
        assertTrue(shown.startsWith("Invalid credentials: Bearer <hidden>"), shown);
        assertEquals("postgresql://lead:<hidden>@db/x", Secrets.scrub("postgresql://lead:PW99@db/x"));
    }

    @Test
    void aPasswordFileOthersCanReadIsRefusedAsPsqlRefusesIt() throws Exception {
        Path pgpass = home.resolve(".pgpass");
        Files.writeString(pgpass, "*:*:*:nobody:hunter2\n");
        Files.setPosixFilePermissions(pgpass, PosixFilePermissions.fromString("rw-r--r--"));
        PostgresServer server = PostgresServer.shared(); // started first: it names its own password file as it starts
        String named = System.getProperty("org.postgresql.pgpassfile");
        System.setProperty("org.postgresql.pgpassfile", pgpass.toString());
        try {
            assertEquals(Command.FAILED, run("stats", "--dataset", server.address("nobody", "postgres", null).toString()));
            assertTrue(err().contains("the password file " + pgpass + " can be read by others (rw-r--r--)") && err().contains("chmod 600"), err());
            assertFalse(err().contains("hunter2"), err());
        } finally {
            if (named == null) {
                System.clearProperty("org.postgresql.pgpassfile");
            } else {
                System.setProperty("org.postgresql.pgpassfile", named);
            }
        }
    }

    /** The secrets page names the file, its modes and the variable the code uses. */
    @Test
    void theDocsSayWhereAndHowSecretsAreKeptAsTheCodeDoes() throws Exception {
        String section = Files.readString(Path.of("../../docs/secrets.md"));
        String file = "~/" + Path.of(userHome).relativize(Path.of(userHome).resolve(
                Path.of(System.getProperty("user.home")).relativize(SecretStorage.file()))).toString().replace('\\', '/');
        assertTrue(section.contains("`" + file + "`, mode 0600 in a 0700 folder"), "docs/secrets.md names " + file);
        assertTrue(section.contains("`" + SecretStorage.PASSWORD_VARIABLE + "`"), section);
        assertTrue(section.contains("a master password you choose, asked once a session"), section);
    }
}
