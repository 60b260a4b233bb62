package io.mosaicod.server.ingest;

import java.time.Duration;

/**
 * How an upload keeps its claim on its topic ({@link TopicClaim}).
 *
 * @param duration        how long a claim outlives its holder's last renewal: the longest a server that died
 *                        before storing a chunk keeps its topic from being uploaded elsewhere
 * @param renewalInterval how often a running upload renews its claim, well within {@code duration} (or else the
 *                        claim lapses between renewals, and only the upload's own writes renew it)
 * @param confirmedWithin how recently the claim must have been confirmed held for the upload to write an object
 *                        without asking the repository first; below {@code duration}, so the claim has at least
 *                        the difference left by the database clock when the write starts
 */
record ClaimTerms(Duration duration, Duration renewalInterval, Duration confirmedWithin) {
    /** A dead server's claim blocks a topic for at most 30 s; a live one renews it every 10 s. */
    static final ClaimTerms DEFAULT = new ClaimTerms(Duration.ofSeconds(30), Duration.ofSeconds(10),
            Duration.ofSeconds(15));

    ClaimTerms {
        if (renewalInterval.isNegative() || renewalInterval.isZero() || confirmedWithin.isNegative()
                || confirmedWithin.compareTo(duration) >= 0) {
            throw new IllegalArgumentException("claim terms need 0 < renewal interval and 0 <= confirmation age"
                    + " < duration, not " + renewalInterval + ", " + confirmedWithin + ", " + duration);
        }
    }
}
