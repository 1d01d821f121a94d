package jdk.lockstat.internal.format;

import java.nio.ByteBuffer;
import java.util.List;

/**
 * Encodes a buffer exactly as HotSpot's LockStatEventWriter does: for events written from Java (the
 * drain's own bookkeeping) and for tests that build traces with known contents.
 */
public final class EventBufferBuilder {
    private final ByteSink out = new ByteSink(1024);
    private long lastTime;

    public EventBufferBuilder(long writerThread, long sequence, long baseTime) {
        out.varint(writerThread).varint(sequence).varint(baseTime);
        lastTime = baseTime;
    }

    /** Appends an event; values follow the type's fields (numbers as Long/Integer, lists as List&lt;Object[]&gt;). */
    public EventBufferBuilder event(EventType type, Object... values) {
        List<Field> fields = type.fields();
        if (values.length != fields.size()) {
            throw new IllegalArgumentException(type + " has " + fields.size() + " fields, got " + values.length);
        }
        out.varint(type.id());
        for (int i = 0; i < values.length; i++) {
            Field f = fields.get(i);
            if (f.kind() == FieldKind.TIMESTAMP) {
                long t = ((Number) values[i]).longValue();
                out.svarint(t - lastTime);
                lastTime = t;
            } else {
                writeValue(f, values[i]);
            }
        }
        return this;
    }

    private void writeValue(Field f, Object v) {
        switch (f.kind()) {
            case U1 -> out.u1(((Number) v).intValue());
            case VARINT -> out.varint(((Number) v).longValue());
            case SVARINT, TIMESTAMP -> out.svarint(((Number) v).longValue());
            case STRING -> out.string((String) v);
            case LIST -> {
                @SuppressWarnings("unchecked")
                List<Object[]> elements = (List<Object[]>) v;
                out.varint(elements.size());
                for (Object[] e : elements) {
                    for (int j = 0; j < e.length; j++) {
                        writeValue(f.elements().get(j), e[j]);
                    }
                }
            }
        }
    }

    public int size() {
        return out.size();
    }

    public ByteBuffer toByteBuffer() {
        return ByteBuffer.wrap(out.toByteArray());
    }
}
