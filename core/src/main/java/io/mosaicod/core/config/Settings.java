package io.mosaicod.core.config;

import io.mosaicod.core.search.QueryEngineLimits;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Pattern;

/** Every setting of mosaicod (DESIGN.md §3), in the order the documentation lists them. */
public final class Settings {
    private Settings() {
    }

    /** Largest message gRPC can be told to accept: its limit is an int. */
    private static final long MAX_GRPC_MESSAGE = Integer.MAX_VALUE;

    /** Path of the TOML configuration file; read only if it exists unless given explicitly. */
    public static final Setting<Path> CONFIG_FILE = Setting.of("MOSAICOD_CONFIG_FILE", "", ValueType.path(),
                    "TOML configuration file; when not given, the first that exists of ./config.toml,"
                            + " $XDG_CONFIG_HOME/mosaicod/config.toml (or ~/.config/...) and /etc/mosaicod/config.toml.")
            .withFlag("--config").withDerivedDefault("./config.toml, then upstream's places");

    /** Folder holding the embedded defaults: the SQLite repository and the local store. */
    public static final Setting<Path> DATA_DIR = Setting.of("MOSAICOD_DATA_DIR", "data_dir", ValueType.path(),
                    "Local data folder holding the embedded SQLite repository and the local store.")
            .withDefault(Path.of("./mosaico-data"));

    /** The repository: SQLite or PostgreSQL, in mosaicod's URL form or as a JDBC URL. */
    public static final Setting<DatabaseUrl> DB_URL = Setting.of("MOSAICOD_DB_URL", "database.url", DatabaseUrl.TYPE,
                    "Repository database URL: sqlite:PATH, postgresql://user:pass@host:port/db (or postgres://),"
                            + " or a jdbc:sqlite:/jdbc:postgresql: URL; credentials in it are split out.")
            .withDerivedDefault("sqlite:<data dir>/mosaico.db");

    public static final Setting<String> DB_USER = Setting.of("MOSAICOD_DB_USER", "database.user",
            ValueType.text("a non-blank user name"), "Repository user name; giving one in the URL too is an error.");

    public static final Setting<Secret> DB_PASSWORD = Setting.of("MOSAICOD_DB_PASSWORD", "database.password",
            ValueType.secret(), "Repository password; MOSAICOD_DB_PASSWORD_FILE / password_file name a file holding it.")
            .readableFromFile();

    public static final Setting<Integer> MAX_DB_CONNECTIONS = Setting.of("MOSAICOD_MAX_DB_CONNECTIONS",
                    "database.max_connections", ValueType.integer(1, 1000),
                    "Size of each process's repository connection pool.")
            .withDefault(10);

    public static final Setting<Path> STORE_DIR = Setting.of("MOSAICOD_STORE_DIR", "store.dir", ValueType.path(),
                    "Local store directory; not allowed together with an S3 bucket.")
            .withDerivedDefault("<data dir>/store");

    public static final Setting<String> STORE_BUCKET = Setting.of("MOSAICOD_STORE_BUCKET", "store.bucket",
            ValueType.matching(Pattern.compile("[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]"),
                    "an S3 bucket name (3-63 lower-case letters, digits, '.' or '-')"),
            "S3 bucket; setting it selects the S3 store instead of the local directory.");

    public static final Setting<URI> STORE_ENDPOINT = Setting.of("MOSAICOD_STORE_ENDPOINT", "store.endpoint",
            ValueType.httpUrl(),
            "S3 endpoint for S3-compatible stores (MinIO, Ceph, s3proxy...), path-style; empty means AWS.");

    public static final Setting<String> STORE_REGION = Setting.of("MOSAICOD_STORE_REGION", "store.region",
                    ValueType.text("a non-blank region name (e.g. us-east-1)"), "S3 region.")
            .withDefault("us-east-1");

    public static final Setting<String> STORE_PREFIX = Setting.of("MOSAICOD_STORE_PREFIX", "store.prefix",
                    ValueType.text("a non-blank key prefix (e.g. mosaico/prod)"),
                    "Key prefix inside the bucket under which the store's folders live; none means the bucket root.")
            .withDerivedDefault("none");

    public static final Setting<String> STORE_ACCESS_KEY = Setting.of("MOSAICOD_STORE_ACCESS_KEY",
            "store.access_key", ValueType.text("a non-blank access key id"),
            "S3 access key id; without access and secret key the AWS SDK's default credential chain is used.");

    public static final Setting<Secret> STORE_SECRET_KEY = Setting.of("MOSAICOD_STORE_SECRET_KEY",
            "store.secret_key", ValueType.secret(),
            "S3 secret access key; MOSAICOD_STORE_SECRET_KEY_FILE / secret_key_file name a file holding it.")
            .readableFromFile();

    public static final Setting<String> HOST = Setting.of("MOSAICOD_HOST", "server.host",
                    ValueType.text("a host name or IP address (e.g. 0.0.0.0 for all interfaces)"),
                    "Address the Flight server listens on.")
            .withFlag("--host").withDefault("127.0.0.1");

    public static final Setting<Integer> PORT = Setting.of("MOSAICOD_PORT", "server.port", ValueType.port(),
                    "TCP port the Flight server listens on; 0 picks a free port.")
            .withFlag("--port").withDefault(6726);

    public static final Setting<Long> GRPC_MAX_DECODE_MESSAGE_SIZE = Setting.of(
                    "MOSAICOD_MAX_GRPC_DECODE_MESSAGE_SIZE", "server.grpc.max_message_size",
                    ValueType.bytes(1024, MAX_GRPC_MESSAGE), "Largest gRPC message the server accepts.")
            .withDefault(50L * 1024 * 1024)
            .alsoNamed("MOSAICOD_GRPC_MAX_DECODE_MESSAGE_SIZE", "server.grpc.max_decode_message_size",
                    "server.grpc_max_decode_message_size");

    public static final Setting<Duration> READ_STALL_TIMEOUT = Setting.of("MOSAICOD_READ_STALL_TIMEOUT",
                    "server.read_stall_timeout", ValueType.seconds(1),
                    "Seconds a read stream (or a streamed action's answer, e.g. clusters) may wait for its client to read"
                            + " before the server cancels it.")
            .withDefault(Duration.ofSeconds(60));

    public static final Setting<Integer> MAX_STREAMS_PER_CONNECTION = Setting.of(
                    "MOSAICOD_MAX_STREAMS_PER_CONNECTION", "server.max_streams_per_connection",
                    ValueType.integer(1, 100_000), "Calls one client connection may have open at once; more wait.")
            .withDefault(100);

    public static final Setting<Integer> MAX_CONNECTIONS = Setting.of("MOSAICOD_MAX_CONNECTIONS",
                    "server.max_connections", ValueType.integer(1, 1_000_000),
                    "Client connections the server keeps open at once; more are closed as they arrive.")
            .withDefault(1000);

    public static final Setting<Integer> MAX_READ_STREAMS = Setting.of("MOSAICOD_MAX_READ_STREAMS",
                    "server.max_read_streams", ValueType.integer(1, 100_000),
                    "Read streams (DoGet) open at once over all clients; more are refused (RESOURCE_EXHAUSTED).")
            .withDefault(256);

    public static final Setting<Duration> CONNECTION_IDLE_TIMEOUT = Setting.of("MOSAICOD_CONNECTION_IDLE_TIMEOUT",
                    "server.connection_idle_timeout", ValueType.seconds(1),
                    "Seconds a client connection may stay without an open call before the server closes it.")
            .withDefault(Duration.ofSeconds(300));

    public static final Setting<Duration> SHUTDOWN_GRACE_PERIOD = Setting.of("MOSAICOD_SHUTDOWN_GRACE_PERIOD",
                    "server.shutdown_grace_period", ValueType.seconds(0),
                    "Seconds a stopping server lets running uploads and reads finish, refusing new uploads.")
            .withDefault(Duration.ofSeconds(30));

    public static final Setting<Boolean> TLS_ENABLED = Setting.of("MOSAICOD_TLS_ENABLED", "server.tls.enabled",
                    ValueType.bool(), "Serve TLS on the Flight port with the certificate and key files below.")
            .withDefault(false);

    public static final Setting<Path> TLS_CERT_FILE = Setting.of("MOSAICOD_TLS_CERT_FILE",
            "server.tls.certificate_file", ValueType.path(),
            "PEM file with the server's certificate (its chain after it); needed when TLS is enabled.");

    public static final Setting<Path> TLS_PRIVATE_KEY_FILE = Setting.of("MOSAICOD_TLS_PRIVATE_KEY_FILE",
            "server.tls.private_key_file", ValueType.path(),
            "PEM file with the certificate's private key, unencrypted PKCS#8; needed when TLS is enabled.");

    public static final Setting<Boolean> API_KEY_ENABLED = Setting.of("MOSAICOD_API_KEY_ENABLED",
                    "server.api_key_enabled", ValueType.bool(),
                    "Require an API key (mosaicod api-key create) in the mosaico-api-key-token header of every"
                            + " Flight call; health checks stay open.")
            .withDefault(false);

    public static final Setting<Boolean> GZIP_ENABLED = Setting.of("MOSAICOD_GZIP_ENABLED", "server.gzip_enabled",
                    ValueType.bool(), "Compress the messages the server sends with gzip (it accepts gzip either way).")
            .withDefault(false);

    public static final Setting<Integer> MAX_BATCH_SIZE = Setting.of("MOSAICOD_MAX_BATCH_SIZE",
                    "server.max_batch_size", ValueType.integer(1, Integer.MAX_VALUE),
                    "Upstream's cap on the rows of a batch sent to readers; accepted, not in effect.")
            .withDefault(8192).notInEffect("a read's batches are sized by MOSAICOD_TARGET_GRPC_ENCODE_MESSAGE_SIZE alone");

    public static final Setting<Long> TARGET_GRPC_ENCODE_MESSAGE_SIZE = Setting.of(
                    "MOSAICOD_TARGET_GRPC_ENCODE_MESSAGE_SIZE", "server.grpc.target_encode_message_size",
                    ValueType.bytes(1024, MAX_GRPC_MESSAGE),
                    "Size a read (DoGet) aims at for each record batch it sends (upstream's default: 25 MiB).")
            .withDefault(2L * 1024 * 1024);

    public static final Setting<Integer> DEFAULT_PARALLELISM = Setting.of("MOSAICOD_DEFAULT_PARALLELISM",
                    "server.default_parallelism", ValueType.integer(1, 100_000),
                    "Upstream's override of the processor count; accepted, not in effect.")
            .withDerivedDefault("the processors the JVM sees")
            .notInEffect("this build sizes its threads from the processors the JVM sees");

    public static final Setting<Integer> MAX_CONCURRENT_WRITES = Setting.of("MOSAICOD_MAX_CONCURRENT_WRITES",
                    "server.max_concurrent_writes", ValueType.integer(1, 100_000),
                    "Chunks encoded at once over all uploads (their objects are then committed by four times as many "
                            + "threads); further chunks wait for a turn.")
            .withDerivedDefault("the processors the JVM sees, at least 2");

    public static final Setting<Duration> STORE_OPTIMIZER_TIME_INTERVAL = Setting.of(
                    "MOSAICOD_STORE_OPTIMIZER_TIME_INTERVAL", "store_optimizer.time_interval", ValueType.seconds(0),
                    "Seconds the store optimizer sleeps after each pass; 0 = one pass, then exit.")
            .withFlag("--time-interval").withDefault(Duration.ZERO);

    public static final Setting<Long> STORE_OPTIMIZER_MAX_CHUNK_SIZE = Setting.of(
                    "MOSAICOD_STORE_OPTIMIZER_MAX_CHUNK_SIZE", "store_optimizer.max_chunk_size",
                    ValueType.bytes(1, Long.MAX_VALUE),
                    "Soft limit on the size of the chunks the store optimizer writes.")
            .withFlag("--max-chunk-size").withDefault(256_000_000L);

    public static final Setting<Long> STORE_OPTIMIZER_MEMORY_POOL_SIZE = Setting.of(
                    "MOSAICOD_STORE_OPTIMIZER_MEMORY_POOL_SIZE", "store_optimizer.memory_pool_size",
                    ValueType.bytes(0, Long.MAX_VALUE),
                    "Cap on the decoded data a rewrite holds in memory, beyond which it spills to disk; 0 = no limit.")
            .withDefault(0L);

    public static final Setting<Duration> STORE_OPTIMIZER_LEASE_DURATION = Setting.of(
                    "MOSAICOD_STORE_OPTIMIZER_LEASE_DURATION", "store_optimizer.lease_duration", ValueType.seconds(3),
                    "Seconds a topic stays leased to an optimizer without renewal; renewed every third of it.")
            .withDefault(Duration.ofSeconds(300));

    public static final Setting<Integer> STORE_OPTIMIZER_MAX_ATTEMPTS = Setting.of(
                    "MOSAICOD_STORE_OPTIMIZER_MAX_ATTEMPTS", "store_optimizer.max_attempts",
                    ValueType.integer(1, 1_000_000),
                    "Failed attempts in a row after which the store optimizer gives up on a topic, until"
                            + " --retry-failed.")
            .withDefault(3);

    public static final Setting<Duration> CLEANUP_TIME_INTERVAL = Setting.of("MOSAICOD_CLEANUP_TIME_INTERVAL",
                    "cleanup.time_interval", ValueType.seconds(0),
                    "Seconds the cleanup sleeps after each pass; 0 = one pass, then exit.")
            .withFlag("--time-interval").withDefault(Duration.ZERO);

    public static final Setting<Duration> CLEANUP_RETENTION_DURATION = Setting.of(
                    "MOSAICOD_CLEANUP_RETENTION_DURATION", "cleanup.retention_duration", ValueType.seconds(0),
                    "Seconds a retired folder is kept before it is deleted; 0 deletes at once.")
            .withFlag("--retention-duration").withDefault(Duration.ofSeconds(86_400));

    public static final Setting<Duration> CLEANUP_SWEEP_INTERVAL = Setting.of(
                    "MOSAICOD_CLEANUP_SWEEP_INTERVAL", "cleanup.sweep_interval", ValueType.seconds(0),
                    "Seconds after the latest orphan sweep (by any cleanup) before a pass lists the store again to"
                            + " find folders nothing references or recorded; 0 sweeps in every pass.")
            .withFlag("--sweep-interval").withDefault(Duration.ofSeconds(604_800));

    public static final Setting<Long> QUERY_ENGINE_MEMORY_POOL_SIZE = Setting.of(
                    "MOSAICOD_QUERY_ENGINE_MEMORY_POOL_SIZE", "query_engine.memory_pool_size",
                    ValueType.bytes(0, Long.MAX_VALUE),
                    "Cap on the memory of every search on the data at once; a search that would exceed it fails"
                            + " (RESOURCE_EXHAUSTED); 0 = no cap of its own.")
            .withDefault(QueryEngineLimits.DEFAULTS.memoryPoolBytes());

    public static final Setting<Integer> MAX_CONCURRENT_CHUNK_QUERIES = Setting.of(
                    "MOSAICOD_MAX_CONCURRENT_CHUNK_QUERIES", "query_engine.max_concurrent_chunk_queries",
                    ValueType.integer(1, 1024), "Chunks read and judged at once, over every search on the data.")
            .withDefault(QueryEngineLimits.DEFAULTS.maxConcurrentChunkQueries());

    public static final Setting<Integer> MAX_SIZE_PLAIN_LIST_EQ = Setting.of("MOSAICOD_MAX_SIZE_PLAIN_LIST_EQ",
                    "query_engine.max_size_plain_list_eq", ValueType.integer(0, Integer.MAX_VALUE),
                    "Values an array compared with a whole list column ($eq / $neq) may hold.")
            .withDefault(QueryEngineLimits.DEFAULTS.maxPlainListEqValues());

    public static final Setting<Long> PARQUET_IN_MEMORY_ENCODING_BUFFER_SIZE = Setting.of(
                    "MOSAICOD_PARQUET_IN_MEMORY_ENCODING_BUFFER_SIZE", "encoding.parquet_in_memory_encoding_buffer_size",
                    ValueType.bytes(1, Long.MAX_VALUE),
                    "Upstream's in-memory buffer for encoding Parquet; accepted, not in effect.")
            .withDefault(70L * 1024 * 1024).notInEffect("this build sizes its Parquet encoding buffers itself");

    public static final Setting<LogFormat> LOG_FORMAT = Setting.of("MOSAICOD_LOG_FORMAT", "logging.format",
                    ValueType.oneOf(LogFormat.class),
                    "Log line format on stderr: pretty (coloured on a terminal), plain, or json (one object per line).")
            .withFlag("--log-format").withDefault(LogFormat.PRETTY).alsoNamed("log.format");

    public static final Setting<LogLevel> LOG_LEVEL = Setting.of("MOSAICOD_LOG_LEVEL", "logging.level",
                    ValueType.oneOf(LogLevel.class), "Least severe level logged: warning, info or debug.")
            .withFlag("--log-level").withDefault(LogLevel.INFO).alsoNamed("log.level");

    public static final Setting<InetSocketAddress> METRICS_ADDRESS = Setting.of("MOSAICOD_METRICS_ADDRESS",
                    "metrics.address", ValueType.hostAndPort(),
                    "Address (host:port) of the Prometheus endpoint /metrics of server, and of store optimizer and"
                            + " cleanup when they run continuously; none means no endpoint.")
            .withDerivedDefault("none");

    public static final List<Setting<?>> ALL = List.of(
            CONFIG_FILE, DATA_DIR,
            DB_URL, DB_USER, DB_PASSWORD, MAX_DB_CONNECTIONS,
            STORE_DIR, STORE_BUCKET, STORE_ENDPOINT, STORE_REGION, STORE_PREFIX, STORE_ACCESS_KEY, STORE_SECRET_KEY,
            HOST, PORT, GRPC_MAX_DECODE_MESSAGE_SIZE, READ_STALL_TIMEOUT, MAX_STREAMS_PER_CONNECTION, MAX_CONNECTIONS,
            MAX_READ_STREAMS,
            CONNECTION_IDLE_TIMEOUT, SHUTDOWN_GRACE_PERIOD,
            GZIP_ENABLED, API_KEY_ENABLED, MAX_BATCH_SIZE, DEFAULT_PARALLELISM, MAX_CONCURRENT_WRITES,
            TLS_ENABLED, TLS_CERT_FILE, TLS_PRIVATE_KEY_FILE, TARGET_GRPC_ENCODE_MESSAGE_SIZE,
            STORE_OPTIMIZER_TIME_INTERVAL, STORE_OPTIMIZER_MAX_CHUNK_SIZE, STORE_OPTIMIZER_MEMORY_POOL_SIZE,
            STORE_OPTIMIZER_LEASE_DURATION, STORE_OPTIMIZER_MAX_ATTEMPTS,
            CLEANUP_TIME_INTERVAL, CLEANUP_RETENTION_DURATION, CLEANUP_SWEEP_INTERVAL,
            QUERY_ENGINE_MEMORY_POOL_SIZE, MAX_CONCURRENT_CHUNK_QUERIES, MAX_SIZE_PLAIN_LIST_EQ,
            PARQUET_IN_MEMORY_ENCODING_BUFFER_SIZE,
            LOG_FORMAT, LOG_LEVEL,
            METRICS_ADDRESS);

    /** The S3-only settings, which need {@link #STORE_BUCKET}. */
    static final List<Setting<?>> S3_ONLY = List.of(STORE_ENDPOINT, STORE_REGION, STORE_PREFIX, STORE_ACCESS_KEY,
            STORE_SECRET_KEY);
}
