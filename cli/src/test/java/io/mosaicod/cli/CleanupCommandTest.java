package io.mosaicod.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.mosaicod.db.CleanupPass;
import io.mosaicod.db.CleanupRun;
import io.mosaicod.db.CleanupState;
import io.mosaicod.db.InstanceKind;
import io.mosaicod.db.Repository;
import io.mosaicod.db.RetiredFolder;
import io.mosaicod.db.Sequence;
import io.mosaicod.db.jdbc.Repositories;
import io.mosaicod.store.Folder;
import io.mosaicod.store.ObjectStore;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One-shot {@code mosaicod cleanup} runs in this JVM on the embedded defaults: its exit codes and its record. */
class CleanupCommandTest {
    @TempDir
    Path dir;

    private Backend backend;
    private Repository repository;
    private ObjectStore store;

    @BeforeEach
    void open() throws Exception {
        backend = new Backend.Embedded(dir.resolve("data"));
        repository = Repositories.open(backend.database());
        store = backend.openStore();
    }

    @AfterEach
    void close() throws Exception {
        store.close();
        repository.close();
    }

    private MainRun cleanup(String... flags) {
        String[] args = new String[flags.length + 1];
        args[0] = "cleanup";
        System.arraycopy(flags, 0, args, 1, flags.length);
        return MainRun.of(dir, backend.env(), args);
    }

    private Folder folderWithMetadata(Folder folder) throws Exception {
        store.put(folder.metadataKey(), "{}".getBytes(StandardCharsets.UTF_8));
        return folder;
    }

    @Test
    void aOneShotCleanupDeletesUnreferencedFoldersRecordsItsPassAndExits0() throws Exception {
        Folder live = folderWithMetadata(Folder.newSequence());
        Sequence sequence = repository.catalog().createSequence("run", "{}", live.name());
        Folder orphan = folderWithMetadata(Folder.newTopic());

        MainRun run = cleanup("--retention-duration", "0");

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(store.exists(orphan.metadataKey())).isFalse();
        assertThat(store.exists(live.metadataKey())).isTrue();
        CleanupRun pass = repository.cleanupLedger().lastRun().orElseThrow();
        assertThat(pass.state()).isEqualTo(CleanupState.SUCCEEDED);
        assertThat(pass.deleted()).isEqualTo(1);
        assertThat(repository.instances().list().instances()).as("deregistered").isEmpty();
        assertThat(sequence.folder()).isEqualTo(live.name());
    }

    @Test
    void aDryRunPrintsThePlanAndChangesNothing() throws Exception {
        Folder live = folderWithMetadata(Folder.newSequence());
        repository.catalog().createSequence("run", "{}", live.name());
        Folder orphan = folderWithMetadata(Folder.newTopic());
        store.put("robots/dump.bin", "another application's".getBytes(StandardCharsets.UTF_8));

        MainRun run = cleanup("--dry-run", "--retention-duration", "0");

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).startsWith("Dry run: nothing is changed.")
                .contains("the pass would sweep the store for orphans")
                .containsPattern("record then delete +" + orphan.name())
                .contains("record 0, record then delete 1, wait 0, delete 0 folders.",
                        "Left alone, not mosaicod's: 1 folder (robots) and 0 objects ().");
        assertThat(store.exists(orphan.metadataKey())).isTrue();
        assertThat(repository.cleanupLedger().retiredFolders()).as("nothing recorded").isEmpty();
        assertThat(repository.cleanupLedger().lastRun()).as("no pass recorded").isEmpty();
        assertThat(repository.instances().list().instances()).as("no instance registered").isEmpty();
    }

    @Test
    void aDryRunOnAStoreWithoutTheRepositorysFoldersSaysThePassWouldRefuseIt() throws Exception {
        Folder live = Folder.newSequence(); // recorded, but its folder is not in this store
        repository.catalog().createSequence("run", "{}", live.name());
        folderWithMetadata(Folder.newTopic());

        MainRun run = cleanup("--dry-run");

        assertThat(run.exitCode()).isEqualTo(ExitCode.ITEMS_FAILED);
        assertThat(run.errLines()).singleElement().asString().startsWith("mosaicod: a cleanup pass would refuse this"
                + " store: no folder the repository references (1 folder) is in the local store");
    }

    /** A repository created by mistake (run from another folder, a database URL missed) references nothing. */
    @Test
    void aRepositoryReferencingNothingIsRefusedExit3UntilTheOperatorConfirmsIt() throws Exception {
        Folder orphan = folderWithMetadata(Folder.newTopic());

        MainRun refused = cleanup("--retention-duration", "0");

        assertThat(refused.exitCode()).as(refused.err()).isEqualTo(ExitCode.ITEMS_FAILED);
        assertThat(repository.cleanupLedger().lastRun().orElseThrow().errors()).singleElement().asString()
                .startsWith("the repository references no folder, but the local store")
                .endsWith("run the cleanup with --confirm-empty-repository");
        assertThat(store.exists(orphan.metadataKey())).isTrue();
        assertThat(repository.cleanupLedger().retiredFolders()).isEmpty();
        assertThat(cleanup("--dry-run").exitCode()).isEqualTo(ExitCode.ITEMS_FAILED);

        MainRun confirmed = cleanup("--retention-duration", "0", "--confirm-empty-repository");

        assertThat(confirmed.exitCode()).as(confirmed.err()).isZero();
        assertThat(store.exists(orphan.metadataKey())).isFalse();
    }

    @Test
    void theDefaultRetentionOnlyRecordsAndTheNextPassSweepsOnlyWhenAskedTo() throws Exception {
        Folder orphan = folderWithMetadata(Folder.newTopic());

        assertThat(cleanup("--confirm-empty-repository").exitCode()).isZero();

        assertThat(store.exists(orphan.metadataKey())).isTrue();
        assertThat(repository.cleanupLedger().retiredFolders()).extracting(RetiredFolder::folder)
                .containsExactly(orphan.name());
        Folder later = folderWithMetadata(Folder.newTopic());
        assertThat(cleanup("--confirm-empty-repository").exitCode()).isZero();
        assertThat(repository.cleanupLedger().lastRun().orElseThrow().swept()).as("swept a moment ago").isFalse();
        assertThat(cleanup("--dry-run", "--confirm-empty-repository").out())
                .contains("no sweep due (the store is not listed)").doesNotContain(later.name());

        assertThat(cleanup("--sweep", "--confirm-empty-repository").exitCode()).isZero();

        assertThat(repository.cleanupLedger().retiredFolders()).extracting(RetiredFolder::folder)
                .containsExactlyInAnyOrder(orphan.name(), later.name());
    }

    @Test
    void aOneShotPassThatFailsOnAFolderExits3AndRecordsTheError() throws Exception {
        Folder orphan = folderWithMetadata(Folder.newTopic());
        // an immutable file (chattr +i) that not even root may delete: the local store cannot delete the folder
        Path stuck = dir.resolve("data/store").resolve(orphan.metadataKey());
        assumeTrue(immutable(stuck, true), "chattr +i is available on this file system");
        MainRun run;
        try {
            run = cleanup("--retention-duration", "0", "--confirm-empty-repository");
        } finally {
            immutable(stuck, false);
        }

        assertThat(run.exitCode()).isEqualTo(ExitCode.ITEMS_FAILED).isEqualTo(3);
        CleanupRun pass = repository.cleanupLedger().lastRun().orElseThrow();
        assertThat(pass.state()).isEqualTo(CleanupState.FAILED);
        assertThat(pass.failed()).isEqualTo(1);
        assertThat(pass.errors()).singleElement().asString().startsWith(orphan.name() + ": ")
                .contains(orphan.metadataKey());
        assertThat(repository.cleanupLedger().retiredFolders()).as("left for the next pass").hasSize(1);
    }

    /** Sets or clears a file's immutable attribute; false if the file system or the user cannot. */
    private static boolean immutable(Path file, boolean on) throws Exception {
        Process chattr = new ProcessBuilder("chattr", on ? "+i" : "-i", file.toString()).redirectErrorStream(true)
                .start();
        chattr.getInputStream().transferTo(java.io.OutputStream.nullOutputStream());
        return chattr.waitFor() == 0;
    }

    @Test
    void aOneShotCleanupExits0WithoutTouchingAnythingWhileAnotherPassHoldsTheLease() throws Exception {
        Folder orphan = folderWithMetadata(Folder.newTopic());
        long other = repository.instances().register(InstanceKind.CLEANUP, "elsewhere", 9, false);
        CleanupPass held = repository.cleanupLedger().beginPass(other, Duration.ofMinutes(5)).orElseThrow();

        assertThat(cleanup("--retention-duration", "0").exitCode()).isZero();

        assertThat(store.exists(orphan.metadataKey())).isTrue();
        assertThat(repository.cleanupLedger().retiredFolders()).isEmpty();
        assertThat(repository.cleanupLedger().lastRun().orElseThrow().id()).isEqualTo(held.runId());
    }
}
