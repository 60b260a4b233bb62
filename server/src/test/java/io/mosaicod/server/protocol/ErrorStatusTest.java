package io.mosaicod.server.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.Status;
import io.mosaicod.db.SessionFinalizedException;
import org.junit.jupiter.api.Test;

class ErrorStatusTest {
    /** A finalize that lands between the server's look at the session and the topic's insert. */
    @Test
    void aTopicRefusedBecauseItsSessionWasFinalizedMeanwhileIsAFailedPrecondition() {
        SessionFinalizedException raced = new SessionFinalizedException("cannot create topic `run/gps`: session 3 is"
                + " finalized");

        assertThat(ErrorStatus.classify(raced).code()).isEqualTo(ErrorCode.FAILED_PRECONDITION);
        assertThat(ErrorStatus.asException(raced).getStatus().getCode()).isEqualTo(Status.Code.FAILED_PRECONDITION);
    }
}
