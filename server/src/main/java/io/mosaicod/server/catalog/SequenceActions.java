package io.mosaicod.server.catalog;

import io.mosaicod.core.ClientText;
import io.mosaicod.core.locator.SequenceName;
import io.mosaicod.db.Catalog;
import io.mosaicod.db.Sequence;
import io.mosaicod.db.Topic;
import io.mosaicod.server.folder.SequenceFolderMetadata;
import io.mosaicod.server.protocol.ActionRequest;
import io.mosaicod.server.protocol.ActionResponse;
import io.mosaicod.server.protocol.ProtocolException;
import io.mosaicod.store.Folder;
import io.mosaicod.store.ObjectStore;
import java.time.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** {@code sequence_create} and {@code sequence_delete}. */
public final class SequenceActions {
    private static final Logger LOG = LoggerFactory.getLogger(SequenceActions.class);

    private final CatalogLookup lookup;
    private final ObjectStore store;
    private final UploadRegistry uploads;
    private final Clock clock;

    public SequenceActions(CatalogLookup lookup, ObjectStore store, UploadRegistry uploads, Clock clock) {
        this.lookup = lookup;
        this.store = store;
        this.uploads = uploads;
        this.clock = clock;
    }

    /** Records the sequence, then writes its folder ({@link FolderMetadataWrite}: row first). */
    public ActionResponse create(ActionRequest.SequenceCreate request) {
        SequenceName name = SequenceName.parse(request.locator());
        Catalog catalog = lookup.catalog();
        if (catalog.findSequence(name.value()).isPresent()) {
            throw ProtocolException.alreadyExists("Sequence", name);
        }
        Folder folder = Folder.newSequence();
        byte[] metadata = new SequenceFolderMetadata(name.value(), request.userMetadata(), clock.instant()).toJson();
        Sequence sequence = catalog.createSequence(name.value(), request.userMetadata().json(), folder.name());
        FolderMetadataWrite.writeOrUndoRow(store, folder, metadata, () -> catalog.deleteSequence(sequence.id()),
                "sequence `" + ClientText.quote(name) + "`");
        LOG.info("created sequence {} in folder {}", name, folder);
        return ActionResponse.NONE;
    }

    /** Deletes the sequence and everything in it from the repository; its folders are left for the cleanup. */
    public ActionResponse delete(ActionRequest.ByLocator request) {
        Sequence sequence = lookup.sequence(request.locator());
        Catalog catalog = lookup.catalog();
        uploads.firstUploading(catalog.listTopicsOfSequence(sequence.id()), Topic::id).ifPresent(topic -> {
            throw ProtocolException.failedPrecondition("Sequence `" + ClientText.quote(sequence.locator())
                    + "` cannot be deleted "
                    + "while topic `" + ClientText.quote(topic.locator()) + "` is uploading.");
        });
        if (!catalog.deleteSequence(sequence.id())) {
            throw ProtocolException.notFound("Sequence", sequence.locator());
        }
        LOG.warn("deleted sequence {}", sequence.locator());
        return ActionResponse.NONE;
    }
}
