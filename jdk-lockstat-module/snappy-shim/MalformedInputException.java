/*
 * LockStat JDK. Stands in for io.airlift.compress.v3.MalformedInputException in the imported codec.
 */
package jdk.lockstat.internal.snappy;

/** Thrown by the imported Snappy codec for input that is not a valid Snappy block. */
public final class MalformedInputException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public MalformedInputException(long offset) {
        this(offset, "Malformed input");
    }

    public MalformedInputException(long offset, String reason) {
        super(reason + ": offset=" + offset);
    }
}
