package jdk.lockstat.internal.format;

import java.nio.charset.StandardCharsets;

/** Magic, version and record types of the trace format (docs/trace-format.md). */
public final class TraceConstants {
    public static final byte[] MAGIC = "LockStat".getBytes(StandardCharsets.US_ASCII);
    public static final int MAJOR_VERSION = 1;
    public static final int MINOR_VERSION = 0;

    public static final int RECORD_HEADER = 1;
    public static final int RECORD_SCHEMA = 2;
    public static final int RECORD_BUFFER = 3;
    public static final int RECORD_END = 4;

    /** Largest record accepted; VM buffers are at most 64 KiB, so anything bigger is corruption. */
    public static final int MAX_RECORD = 16 * 1024 * 1024;

    private TraceConstants() {}
}
