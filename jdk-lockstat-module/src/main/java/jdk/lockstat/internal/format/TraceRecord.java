package jdk.lockstat.internal.format;

import java.nio.ByteBuffer;

/** One record of a trace; offset is its position in the uncompressed stream. */
public record TraceRecord(int type, long offset, ByteBuffer payload) {
}
