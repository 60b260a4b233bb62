package io.mosaicod.server.catalog;

import io.mosaicod.core.ClientText;
import io.mosaicod.db.Notification;
import io.mosaicod.db.NotificationTarget;
import io.mosaicod.server.protocol.ActionRequest;
import io.mosaicod.server.protocol.ActionResponse;
import io.mosaicod.server.protocol.ProtocolException;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code *_notification_create|list|purge} for sequences and topics: events clients report, above all the
 * SDK's error report after a failed upload.
 */
public final class NotificationActions {
    /** The only notification type of the protocol. */
    static final String ERROR_TYPE = "error";
    private static final Logger LOG = LoggerFactory.getLogger(NotificationActions.class);

    private final CatalogLookup lookup;
    private final NotificationTarget.Kind kind;

    /** The notifications of sequences ({@code SEQUENCE}) or of topics ({@code TOPIC}). */
    public NotificationActions(CatalogLookup lookup, NotificationTarget.Kind kind) {
        this.lookup = lookup;
        this.kind = kind;
    }

    public ActionResponse create(ActionRequest.NotificationCreate request) {
        Target target = resolve(request.locator());
        if (!ERROR_TYPE.equals(request.notificationType())) {
            throw ProtocolException.badRequest("notification type `" + ClientText.quote(request.notificationType())
                    + "` is not supported (the only type is `error`)");
        }
        lookup.catalog().addNotification(target.target(), request.notificationType(), request.message());
        LOG.info("{} notification on {}: {}", request.notificationType(), target.locator(),
                ClientText.quote(request.message()));
        return ActionResponse.NONE;
    }

    public ActionResponse list(ActionRequest.ByLocator request) {
        Target target = resolve(request.locator());
        List<Notification> notifications = lookup.catalog().listNotifications(target.target());
        return new ActionResponse.NotificationList(notifications.stream()
                .map(n -> new ActionResponse.NotificationItem(target.locator(), n.type(), n.message(),
                        n.createdAt().toEpochMilli()))
                .toList());
    }

    public ActionResponse purge(ActionRequest.ByLocator request) {
        Target target = resolve(request.locator());
        int purged = lookup.catalog().purgeNotifications(target.target());
        LOG.info("purged {} notifications of {}", purged, target.locator());
        return ActionResponse.NONE;
    }

    private Target resolve(String locator) {
        return switch (kind) {
            case SEQUENCE -> {
                var sequence = lookup.sequence(locator);
                yield new Target(sequence.locator(), NotificationTarget.sequence(sequence.id()));
            }
            case TOPIC -> {
                var topic = lookup.topic(locator);
                yield new Target(topic.locator(), NotificationTarget.topic(topic.id()));
            }
        };
    }

    private record Target(String locator, NotificationTarget target) {
    }
}
