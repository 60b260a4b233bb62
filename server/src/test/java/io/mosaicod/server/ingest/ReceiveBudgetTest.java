package io.mosaicod.server.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReceiveBudgetTest {
    private final List<String> granted = new ArrayList<>();

    /** A stream whose message has not begun to arrive unless told. */
    private final class Stream implements ReceiveBudget.Waiter {
        private final String name;
        boolean receiving;

        Stream(String name) {
            this.name = name;
        }

        @Override
        public void granted() {
            granted.add(name);
        }

        @Override
        public boolean receiving() {
            return receiving;
        }
    }

    private Stream waiter(String name) {
        return new Stream(name);
    }

    @Test
    void streamsBeyondTheBudgetWaitAndAreGrantedInArrivalOrderAsBytesReturn() {
        ReceiveBudget budget = new ReceiveBudget(100, Long.MAX_VALUE, Long.MAX_VALUE);
        ReceiveBudget.Waiter a = waiter("a");
        ReceiveBudget.Waiter b = waiter("b");
        ReceiveBudget.Waiter c = waiter("c");
        assertThat(budget.reserve(60, a)).isTrue();
        assertThat(budget.reserve(50, b)).isFalse();
        assertThat(budget.reserve(10, c)).as("behind b, though it would fit").isFalse();

        budget.arrived(a, 60);
        assertThat(granted).isEmpty();
        budget.release(60);

        assertThat(granted).containsExactly("b", "c");
        assertThat(budget.chargedBytes()).isEqualTo(60);
    }

    @Test
    void aMessageIsChargedWhatItWeighsAndTheUnusedReservationReturns() {
        ReceiveBudget budget = new ReceiveBudget(100, Long.MAX_VALUE, Long.MAX_VALUE);
        ReceiveBudget.Waiter a = waiter("a");
        budget.reserve(80, a);
        budget.arrived(a, 30);
        assertThat(budget.chargedBytes()).isEqualTo(30);
        budget.reserve(30, a);
        budget.arrived(a, 250);
        assertThat(budget.chargedBytes()).as("larger than reserved: charged in full").isEqualTo(280);
    }

    @Test
    void aBatchLargerThanTheBudgetPassesAlone() {
        ReceiveBudget budget = new ReceiveBudget(100, Long.MAX_VALUE, Long.MAX_VALUE);
        ReceiveBudget.Waiter big = waiter("big");
        ReceiveBudget.Waiter small = waiter("small");
        assertThat(budget.reserve(500, big)).isTrue();
        assertThat(budget.reserve(1, small)).isFalse();
        budget.arrived(big, 500);
        budget.release(500);
        assertThat(granted).containsExactly("small");
    }

    @Test
    void anIdleReservationLapsesOnlyWhileOthersWait() {
        ReceiveBudget budget = new ReceiveBudget(100, 0, Long.MAX_VALUE);
        ReceiveBudget.Waiter idle = waiter("idle");
        ReceiveBudget.Waiter next = waiter("next");
        budget.reserve(100, idle);
        budget.lapseIdle();
        assertThat(budget.chargedBytes()).as("nobody waits: kept").isEqualTo(100);

        budget.reserve(100, next);
        budget.lapseIdle();
        assertThat(granted).containsExactly("next");
        assertThat(budget.chargedBytes()).isEqualTo(100);

        budget.arrived(idle, 70);
        assertThat(budget.chargedBytes()).as("the late message is charged in full").isEqualTo(170);
    }

    @Test
    void aStreamThatEndsReturnsItsReservationAndWaitsNoMore() {
        ReceiveBudget budget = new ReceiveBudget(100, Long.MAX_VALUE, Long.MAX_VALUE);
        ReceiveBudget.Waiter ending = waiter("ending");
        ReceiveBudget.Waiter gone = waiter("gone");
        ReceiveBudget.Waiter last = waiter("last");
        budget.reserve(100, ending);
        budget.reserve(100, gone);
        budget.reserve(100, last);
        budget.cancel(gone);
        budget.cancel(ending);
        assertThat(granted).containsExactly("last");
        assertThat(budget.chargedBytes()).isEqualTo(100);
    }

    /** A large batch on a slow link looks idle; lapsing is bounded so that such messages cannot pile up unbounded. */
    @Test
    void lapsedReservationsWhoseMessagesMayStillComeAreBoundedByTheBudget() {
        ReceiveBudget budget = new ReceiveBudget(100, 0, Long.MAX_VALUE);
        List<ReceiveBudget.Waiter> streams = new ArrayList<>();
        for (int s = 0; s < 5; s++) {
            streams.add(waiter("s" + s));
        }
        budget.reserve(100, streams.get(0));
        for (int s = 1; s < 5; s++) {
            budget.reserve(100, streams.get(s));
        }
        for (int round = 0; round < 5; round++) {
            budget.lapseIdle();
        }
        assertThat(granted).as("one lapse of 100, then the budget's worth is in flight twice at most")
                .containsExactly("s1");

        budget.arrived(streams.get(0), 100);
        budget.release(100);
        assertThat(granted).as("the lapsed one's message came: room to lapse again").containsExactly("s1");
        budget.lapseIdle();
        assertThat(granted).containsExactly("s1", "s2");
    }

    /** A large batch on a slow link: gRPC read its header, the rest is on its way; its reservation is in use. */
    @Test
    void aReservationWhoseMessageHasBegunToArriveDoesNotLapse() {
        ReceiveBudget budget = new ReceiveBudget(100, 0, 0);
        Stream slow = waiter("slow");
        budget.reserve(100, slow);
        slow.receiving = true;
        budget.reserve(100, waiter("next"));
        budget.lapseIdle();
        assertThat(granted).isEmpty();

        slow.receiving = false; // the message came, and the next reservation is unused
        budget.lapseIdle();
        assertThat(granted).containsExactly("next");
    }

    /**
     * Clients that opened their uploads and send nothing, more of them than the bound on lapsed reservations
     * allows: once their reservations are unused long enough, they lapse anyway and the others go on.
     */
    @Test
    void reservationsLongUnusedLapseBeyondTheBound() {
        ReceiveBudget budget = new ReceiveBudget(100, 0, 0);
        for (int s = 0; s < 5; s++) {
            budget.reserve(100, waiter("idle" + s));
        }
        budget.reserve(10, waiter("sending"));
        for (int round = 0; round < 5; round++) {
            budget.lapseIdle();
        }
        assertThat(granted).containsExactly("idle1", "idle2", "idle3", "idle4", "sending");
        assertThat(budget.chargedBytes()).isEqualTo(10);
    }
}
