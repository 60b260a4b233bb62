package io.mosaicod.cli;

import io.mosaicod.core.apikey.ApiKeyToken;
import io.mosaicod.core.apikey.Permissions;
import io.mosaicod.core.config.MosaicodConfig;
import io.mosaicod.db.AlreadyExistsException;
import io.mosaicod.db.ApiKeyRecord;
import io.mosaicod.db.ApiKeys;
import io.mosaicod.db.NewApiKey;
import io.mosaicod.db.Repository;
import io.mosaicod.db.jdbc.Repositories;
import java.io.PrintWriter;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code mosaicod api-key create|revoke|status|list|purge}: the API keys servers require when
 * MOSAICOD_API_KEY_ENABLED is on, managed in the repository itself (no server needs to run). A token is shown once,
 * on standard output, by {@code create}; the repository keeps only its fingerprint and the hash of its secret part.
 */
final class ApiKeyCommand extends CommandGroup {
    private static final CommandSpec.Option JSON = CommandSpec.Option.flag(List.of("--json"),
            "Print JSON instead of text.");
    private final List<Command> subcommands;

    ApiKeyCommand(Invocation invocation) {
        this.subcommands = List.of(new Create(invocation), new Revoke(invocation), new Status(invocation),
                new ListKeys(invocation), new Purge(invocation));
    }

    @Override
    public CommandSpec spec() {
        return CommandSpec.of("api-key", "Make, inspect and revoke the API keys servers require when"
                + " MOSAICOD_API_KEY_ENABLED is on.");
    }

    @Override
    public List<Command> subcommands() {
        return subcommands;
    }

    /** {@code text} as a fingerprint, or a one-line usage error that never repeats a token. */
    static String fingerprint(String text) {
        if (ApiKeyToken.isFingerprint(text)) {
            return text;
        }
        if (text.startsWith(ApiKeyToken.PREFIX)) {
            throw new UsageException("that is a token, not a fingerprint: give its last 8 characters (and keep the"
                    + " token out of command lines)");
        }
        throw new UsageException("'" + text + "' is no fingerprint: 8 lowercase hex digits, as 'mosaicod api-key"
                + " list' shows them");
    }

    static final class Create extends ConfiguredCommand {
        private static final CommandSpec.Option PERMISSIONS = CommandSpec.Option.valued("--permissions", "PERMS",
                "What the key allows: read, write, delete or manage (everything), joined with '|', e.g."
                        + " \"read|write\". Required.");
        private static final CommandSpec.Option DESCRIPTION = new CommandSpec.Option(List.of("-d", "--description"),
                "TEXT", List.of("What the key is for, shown by list and status."));
        /** A new token's fingerprint is taken by another key about once in 4 billion draws per key: draw again. */
        private static final int DRAWS = 3;

        Create(Invocation invocation) {
            super(invocation);
        }

        @Override
        CommandSpec baseSpec() {
            return CommandSpec.of("create", "Make an API key and print its token, once, on standard output.")
                    .withOptions(List.of(PERMISSIONS, DESCRIPTION, KeyExpiry.EXPIRES_IN, KeyExpiry.EXPIRES_AT))
                    .withFooter("", "The token is shown only now and is never logged: hand it to the client (e.g. as"
                            + " MOSAICO_API_KEY) and keep it secret.");
        }

        @Override
        int run(MosaicodConfig config, CommandArguments arguments) throws Exception {
            Permissions permissions = permissions(arguments.value(PERMISSIONS.key()).orElseThrow(() ->
                    new UsageException("missing --permissions, e.g. --permissions \"read|write\"")));
            String description = arguments.value(DESCRIPTION.key(), "");
            try (Repository repository = Repositories.open(config.database())) {
                Optional<Instant> expiry = KeyExpiry.of(arguments, repository.now());
                SecureRandom random = new SecureRandom();
                for (int draw = 1; ; draw++) {
                    ApiKeyToken token = ApiKeyToken.generate(random);
                    try {
                        ApiKeyRecord key = repository.apiKeys().create(NewApiKey.of(token, permissions, description,
                                expiry));
                        invocation.out().println(token.reveal());
                        invocation.err().println("created API key " + ApiKeyReport.describe(key) + ", expires "
                                + key.expiresAt().map(Instant::toString).orElse("never")
                                + "; its token above is shown this once");
                        return ExitCode.OK;
                    } catch (AlreadyExistsException taken) {
                        if (draw == DRAWS) {
                            throw taken;
                        }
                    }
                }
            }
        }

        private static Permissions permissions(String text) {
            try {
                return Permissions.parse(text);
            } catch (IllegalArgumentException e) {
                throw new UsageException("invalid value for --permissions: " + e.getMessage());
            }
        }
    }

    static final class Revoke extends ConfiguredCommand {
        Revoke(Invocation invocation) {
            super(invocation);
        }

        @Override
        CommandSpec baseSpec() {
            return CommandSpec.of("revoke", "Revoke API keys: every server refuses them within 2 seconds.")
                    .withParameters(CommandSpec.Parameter.anyNumber("FINGERPRINT", "Fingerprint of a key to revoke,"
                            + " as list shows it; one or more."));
        }

        @Override
        int run(MosaicodConfig config, CommandArguments arguments) throws Exception {
            if (arguments.parameters().isEmpty()) {
                throw new UsageException("missing FINGERPRINT");
            }
            List<String> fingerprints = arguments.parameters().stream().map(ApiKeyCommand::fingerprint).toList();
            List<String> unknown = new ArrayList<>();
            try (Repository repository = ExistingRepository.open(config.database())) {
                ApiKeys keys = repository.apiKeys();
                for (String fingerprint : fingerprints) {
                    keys.revoke(fingerprint).ifPresentOrElse(
                            key -> invocation.out().println("revoked " + ApiKeyReport.describe(key)),
                            () -> unknown.add(fingerprint));
                }
            }
            if (!unknown.isEmpty()) {
                throw new UsageException("no API key with fingerprint " + String.join(", ", unknown)
                        + (unknown.size() < fingerprints.size() ? "; the others are revoked" : ""));
            }
            return ExitCode.OK;
        }
    }

    static final class Status extends ConfiguredCommand {
        Status(Invocation invocation) {
            super(invocation);
        }

        @Override
        CommandSpec baseSpec() {
            return CommandSpec.of("status", "Show an API key: state, permissions, description, creation, expiry,"
                            + " revocation, last use.")
                    .withParameters(CommandSpec.Parameter.required("FINGERPRINT", "The key's fingerprint."))
                    .withOptions(List.of(JSON));
        }

        @Override
        int run(MosaicodConfig config, CommandArguments arguments) throws Exception {
            String fingerprint = fingerprint(arguments.parameters().get(0));
            try (Repository repository = ExistingRepository.open(config.database())) {
                ApiKeyRecord key = repository.apiKeys().find(fingerprint).orElseThrow(() -> new UsageException(
                        "no API key with fingerprint " + fingerprint, "mosaicod api-key list"));
                ApiKeyReport.printStatus(key, arguments.flag(JSON.key()), invocation.out());
            }
            return ExitCode.OK;
        }
    }

    static final class ListKeys extends ConfiguredCommand {
        ListKeys(Invocation invocation) {
            super(invocation);
        }

        @Override
        CommandSpec baseSpec() {
            return CommandSpec.of("list", "List the API keys, oldest first: fingerprint, permissions, state,"
                    + " creation, expiry, last use, description.").withOptions(List.of(JSON));
        }

        @Override
        int run(MosaicodConfig config, CommandArguments arguments) throws Exception {
            try (Repository repository = ExistingRepository.open(config.database())) {
                ApiKeyReport.printList(repository.apiKeys().list(), arguments.flag(JSON.key()), invocation.out());
            }
            return ExitCode.OK;
        }
    }

    static final class Purge extends ConfiguredCommand {
        Purge(Invocation invocation) {
            super(invocation);
        }

        @Override
        CommandSpec baseSpec() {
            return CommandSpec.of("purge", "Delete the revoked and the expired API keys.");
        }

        @Override
        int run(MosaicodConfig config, CommandArguments arguments) throws Exception {
            try (Repository repository = ExistingRepository.open(config.database())) {
                List<String> purged = repository.apiKeys().purge();
                PrintWriter out = invocation.out();
                out.println(purged.isEmpty() ? "no revoked or expired API key to purge"
                        : "purged " + purged.size() + " revoked or expired API key" + (purged.size() == 1 ? "" : "s")
                                + ": " + String.join(", ", purged));
            }
            return ExitCode.OK;
        }
    }
}
