package jdk.lockstat.internal.format;

/** How one field of an event is encoded (docs/trace-format.md, "Field encodings"). */
public enum FieldKind {
    /** One unsigned byte. */
    U1(1),
    /** Unsigned LEB128 varint, up to 64 bits. */
    VARINT(2),
    /** Zigzag-encoded signed LEB128 varint. */
    SVARINT(3),
    /** Nanoseconds as a signed varint delta to the previous timestamp of the same buffer. */
    TIMESTAMP(4),
    /** Varint byte length, then UTF-8 bytes. */
    STRING(5),
    /** Varint element count, then each element's sub-fields in order. */
    LIST(6);

    private final int code;

    FieldKind(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }

    public static FieldKind ofCode(int code) {
        for (FieldKind k : values()) {
            if (k.code == code) {
                return k;
            }
        }
        throw new TraceFormatException("unknown field encoding " + code + " in schema");
    }
}
