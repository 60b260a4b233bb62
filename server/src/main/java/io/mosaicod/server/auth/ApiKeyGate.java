package io.mosaicod.server.auth;

import io.grpc.ForwardingServerCallListener;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.mosaicod.core.apikey.Permission;
import io.mosaicod.core.apikey.Permissions;
import io.mosaicod.server.flight.MalformedRequests;
import io.mosaicod.server.protocol.ActionName;
import io.mosaicod.server.protocol.ErrorStatus;
import io.mosaicod.server.protocol.ProtocolException;
import java.util.Optional;
import org.apache.arrow.flight.impl.Flight;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Lets a Flight call through only with a valid API key that has the permission the call needs
 * ({@link AccessPolicy}). The key is judged when the call starts, before its handler is started, so a refused
 * upload never has a message read; a DoAction, whose permission depends on the action its message names, is judged
 * again on that message, which its handler hears of only if allowed. The health service is not behind the gate.
 *
 * <p>A refusal is logged at debug with the key's fingerprint at most; the token never appears in a log line.
 */
public final class ApiKeyGate implements ServerInterceptor {
    private static final Logger LOG = LoggerFactory.getLogger(ApiKeyGate.class);
    private static final Metadata.Key<String> TOKEN =
            Metadata.Key.of(ApiKeyVerifier.HEADER, Metadata.ASCII_STRING_MARSHALLER);

    private final ApiKeyVerifier verifier;

    public ApiKeyGate(ApiKeyVerifier verifier) {
        this.verifier = verifier;
    }

    @Override
    public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers,
                                                       ServerCallHandler<Q, R> next) {
        String method = call.getMethodDescriptor().getBareMethodName();
        Permissions permissions;
        try {
            permissions = verifier.verify(headers.get(TOKEN));
            if (!AccessPolicy.DO_ACTION.equals(method)) {
                require(permissions, AccessPolicy.forMethod(method), method);
            }
        } catch (RuntimeException refused) {
            refuse(call, method, refused);
            return new ServerCall.Listener<>() {
            };
        }
        ServerCall.Listener<Q> handler = next.startCall(call, headers);
        return AccessPolicy.DO_ACTION.equals(method) ? new ActionCheck<>(call, handler, permissions) : handler;
    }

    private static void require(Permissions permissions, Optional<Permission> needed, String what) {
        if (needed.isPresent() && !permissions.allows(needed.get())) {
            throw ApiKeyVerifier.unauthorized("Unauthorized: API key has not enough permissions to execute " + what
                    + ".");
        }
    }

    private static void refuse(ServerCall<?, ?> call, String method, RuntimeException why) {
        ProtocolException refusal = ErrorStatus.classify(why);
        LOG.debug("{} refused: {}", method, refusal.getMessage());
        call.close(ErrorStatus.toStatus(refusal), new Metadata());
    }

    /** Hands a DoAction's message to its handler only if the key may run the action it names. */
    private static final class ActionCheck<Q, R>
            extends ForwardingServerCallListener.SimpleForwardingServerCallListener<Q> {
        private final ServerCall<Q, R> call;
        private final Permissions permissions;
        private boolean refused;

        ActionCheck(ServerCall<Q, R> call, ServerCall.Listener<Q> handler, Permissions permissions) {
            super(handler);
            this.call = call;
            this.permissions = permissions;
        }

        @Override
        public void onMessage(Q message) {
            if (refused) {
                return;
            }
            // an unparseable message goes on, to be refused as such; an unknown action, to be refused as unknown
            Optional<ActionName> name = MalformedRequests.requestOf(message) instanceof Flight.Action action
                    ? ActionName.fromWireName(action.getType()) : Optional.empty();
            if (name.isPresent()) {
                try {
                    require(permissions, AccessPolicy.forAction(name.get()), name.get().wireName() + " action");
                } catch (ProtocolException notAllowed) {
                    refused = true;
                    refuse(call, AccessPolicy.DO_ACTION, notAllowed);
                    return;
                }
            }
            super.onMessage(message);
        }

        @Override
        public void onHalfClose() {
            if (!refused) {
                super.onHalfClose();
            }
        }

        @Override
        public void onReady() {
            if (!refused) {
                super.onReady();
            }
        }
    }
}
