package io.mosaicod.core.config;

/** Where a setting's value came from; {@link #describe()} is what error messages show the operator. */
public sealed interface Source {

    /** e.g. {@code --max-chunk-size}, {@code env MOSAICOD_PORT}, {@code config.toml:12 [server] port}. */
    String describe();

    record Flag(String name) implements Source {
        @Override
        public String describe() {
            return name;
        }
    }

    record Env(String variable) implements Source {
        @Override
        public String describe() {
            return "env " + variable;
        }
    }

    /** A key of the configuration file; {@code section} is empty for top-level keys. */
    record File(String fileName, int line, String section, String key) implements Source {
        @Override
        public String describe() {
            return fileName + ":" + line + " " + (section.isEmpty() ? "" : "[" + section + "] ") + key;
        }
    }

    record Default() implements Source {
        @Override
        public String describe() {
            return "default";
        }
    }
}
