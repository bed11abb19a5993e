package org.trajectory.dataset.kit;

import org.trajectory.dataset.DatasetAddress;

import java.nio.file.Path;
import java.util.stream.Stream;

import org.junit.jupiter.api.Named;

/**
 * The engines every store test runs on: SQLite in a folder, and a fresh database on a real PostgreSQL server that
 * {@link PostgresServer} starts for the test run. Use with {@code @ParameterizedTest @MethodSource("org.trajectory.dataset.kit.Engines#both")}.
 *
 * @since 0.1
 */
public interface Engines {

    /** The method source of tests that run on both engines. */
    String BOTH = "org.trajectory.dataset.kit.Engines#both";

    /** A new, empty dataset's address under {@code temp}. */
    DatasetAddress newDataset(Path temp, String name) throws Exception;

    /** The method source of tests that run on both engines and on a server dataset holding its images itself. */
    String ALL = "org.trajectory.dataset.kit.Engines#all";

    static Stream<Named<Engines>> both() {
        return Stream.of(Named.of("SQLite", sqlite()), Named.of("PostgreSQL", postgresql()));
    }

    static Stream<Named<Engines>> all() {
        return Stream.concat(both(), Stream.of(Named.of("PostgreSQL, images inside", postgresqlImagesInside())));
    }

    static Engines sqlite() {
        return (temp, name) -> new DatasetAddress.Folder(temp.resolve(name));
    }

    static Engines postgresql() {
        return (temp, name) -> {
            PostgresServer server = PostgresServer.shared();
            return server.address(PostgresServer.ADMIN, server.createDatabase(), temp.resolve(name + "-images"));
        };
    }

    /** A server dataset created with {@code images=database}. */
    static Engines postgresqlImagesInside() {
        return (temp, name) -> {
            PostgresServer server = PostgresServer.shared();
            return DatasetAddress.parse(server.address(PostgresServer.ADMIN, server.createDatabase(), null).key() + "?images=database");
        };
    }
}
