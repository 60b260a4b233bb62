package io.mosaicod.reliability;

import io.mosaicod.testkit.S3Server;
import java.nio.file.Path;

/**
 * The S3 server stopped mid-rewrite and restarted on the same port 1–6 s later (a dedicated s3proxy, so no
 * other test loses its server): reads, writes and the commit's checks fail while it is down.
 */
class StoreOutageTest extends OutageTest {
    private S3Server s3;

    @Override
    Deployment deploy(Path dir) throws Exception {
        s3 = S3Server.dedicated();
        return new Deployment(new Backend.ScaleOut(dir, s3));
    }

    @Override
    String part() {
        return "S3";
    }

    @Override
    void takeDown() throws Exception {
        s3.halt();
    }

    @Override
    void bringBack() throws Exception {
        s3.resume();
    }

    @Override
    int[] outageMillis() {
        return new int[] {1000, 6000};
    }

    @Override
    void tearDown() throws Exception {
        super.tearDown();
        s3.close();
    }
}
