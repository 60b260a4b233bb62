package io.mosaicod.cli;

import io.mosaicod.core.config.ConfigException;
import io.mosaicod.core.config.DatabaseConfig;
import io.mosaicod.db.Repository;
import io.mosaicod.db.jdbc.Repositories;
import java.nio.file.Files;

/**
 * The repository of a command that only reads it (listings, {@code ps}, dry runs, key inspection). Opening the
 * embedded repository creates it when its file is missing, which is right for a server's first start but, for
 * these commands, only hides a wrong working folder or a forgotten setting behind an empty answer (and leaves a
 * stray {@code mosaico-data} folder behind).
 */
final class ExistingRepository {
    private ExistingRepository() {
    }

    /** @throws ConfigException if the configuration names an embedded repository that does not exist */
    static Repository open(DatabaseConfig database) {
        Repositories.embeddedFile(database).filter(file -> !Files.exists(file)).ifPresent(file -> {
            throw new ConfigException("no repository at " + file + ": is this the server's data folder"
                    + " (MOSAICOD_DATA_DIR, MOSAICOD_DB_URL, the configuration file's [database])? A server's first"
                    + " start creates it");
        });
        return Repositories.open(database);
    }
}
