package io.mosaicod.core.io;

/**
 * Lets Netty allocate the direct memory of its buffer pools without zeroing it. Unless Netty may reach the JDK's
 * private {@code DirectByteBuffer(long, int)} constructor, it creates each pool chunk with
 * {@code ByteBuffer.allocateDirect}, which zeroes the whole chunk; Arrow's vectors take their buffers from those
 * pools and free them after every batch, so chunks are created again and again. A full read of the flat
 * benchmark topic spent 15 % of the server's CPU in that zeroing and 7 % more in the page faults it caused. The
 * reflective access also needs {@code --add-opens java.base/java.nio=ALL-UNNAMED}, which the launcher passes.
 */
public final class NettyDirectBuffers {
    /** Netty's switch for the reflective access; an explicit {@code -D} setting wins. */
    public static final String PROPERTY = "io.netty.tryReflectionSetAccessible";

    private NettyDirectBuffers() {
    }

    /** Call first thing in {@code main}: Netty reads the property once, when its first class initializes. */
    public static void allowUnzeroedPools() {
        if (System.getProperty(PROPERTY) == null) {
            System.setProperty(PROPERTY, "true");
        }
    }
}
