package jdk.lockstat.internal.format;

import java.util.List;

/**
 * A decoded event. values follow the descriptor's fields: Long for numbers (timestamps absolute,
 * in the trace clock's ticks), String for strings, List&lt;Object[]&gt; for lists.
 */
public record Event(EventDescriptor type, long writerThread, long bufferSequence, Object[] values) {

    public Object get(String field) {
        int i = type.fieldIndex(field);
        return i < 0 ? null : values[i];
    }

    public long getLong(String field) {
        Object v = get(field);
        return v instanceof Long l ? l : -1;
    }

    public String getString(String field) {
        Object v = get(field);
        return v instanceof String s ? s : null;
    }

    /** The event's timestamp, or -1 if its type has none. */
    public long time() {
        return getLong("time");
    }

    @SuppressWarnings("unchecked")
    public List<Object[]> getList(String field) {
        Object v = get(field);
        return v instanceof List<?> l ? (List<Object[]>) l : List.of();
    }
}
