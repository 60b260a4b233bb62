package io.mosaicod.server.read;

import io.mosaicod.core.ClientText;
import io.mosaicod.server.catalog.CatalogLookup;
import io.mosaicod.server.protocol.ProtocolException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Consumer;
import org.apache.arrow.flight.FlightDescriptor;
import org.apache.arrow.flight.FlightEndpoint;
import org.apache.arrow.flight.FlightInfo;
import org.apache.arrow.flight.Ticket;

/**
 * ListFlights (PROTOCOL.md §5): one FlightInfo per sequence, with a PATH descriptor naming it and one
 * endpoint whose ticket is the name's bytes; no schema.
 */
public final class SequenceListing {
    private final CatalogLookup lookup;

    SequenceListing(CatalogLookup lookup) {
        this.lookup = lookup;
    }

    /** @param criteria the ListFlights expression: empty or {@code /} (every sequence) */
    public void list(byte[] criteria, Consumer<FlightInfo> out) {
        String expression = criteria == null ? "" : new String(criteria, StandardCharsets.UTF_8);
        if (!expression.isEmpty() && !expression.equals("/")) {
            throw ProtocolException.badRequest("ListFlights criteria `" + ClientText.quote(expression)
                    + "` is not supported; send \"\" or \"/\" to list every sequence");
        }
        lookup.catalog().eachSequence(sequence -> out.accept(entry(sequence.locator())));
    }

    private static FlightInfo entry(String name) {
        FlightEndpoint endpoint = new FlightEndpoint(new Ticket(name.getBytes(StandardCharsets.UTF_8)));
        return new FlightInfo(null, FlightDescriptor.path(name), List.of(endpoint), -1, -1);
    }
}
