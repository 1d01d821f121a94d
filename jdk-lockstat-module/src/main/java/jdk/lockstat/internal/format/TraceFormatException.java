package jdk.lockstat.internal.format;

/** The input is not a well-formed LockStat trace (or is truncated); the message says where and why. */
public class TraceFormatException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public TraceFormatException(String message) {
        super(message);
    }

    public TraceFormatException(String message, Throwable cause) {
        super(message, cause);
    }
}
