package jdk.lockstat.internal.format;

/** The trace ends in the middle of a chunk or record: everything before that point is intact. */
public final class TruncatedTraceException extends TraceFormatException {
    private static final long serialVersionUID = 1L;

    public TruncatedTraceException(String message) {
        super(message);
    }
}
