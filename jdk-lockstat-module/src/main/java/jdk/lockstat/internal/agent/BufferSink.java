package jdk.lockstat.internal.agent;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Map;

/**
 * Where the drain hands the VM's trace buffers: the trace file, the online analysis, or both. All
 * calls come from one thread at a time (the drain, or the shutdown hook holding its lock).
 */
interface BufferSink {
    /**
     * One VM buffer; it is valid only during the call (the drain gives it back afterwards), and its
     * position and limit are restored after it. A sink that cannot take it for want of heap (the
     * application exhausted it) counts the buffer as lost itself and returns, or throws an
     * IOException if it cannot go on.
     */
    void buffer(ByteBuffer vmBuffer) throws IOException;

    /** End of a drain period in which buffers arrived: a chance to flush. */
    void periodEnd() throws IOException;

    /** Tracing ended normally; the properties describe the whole trace. */
    void end(Map<String, String> endProperties) throws IOException;

    /** A failure of this sink ends it: release what it holds, say what is left. */
    String fail(IOException e);
}
