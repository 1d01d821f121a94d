package jdk.lockstat.internal.format;

import java.util.List;

/** One event type as a trace's schema record describes it. */
public record EventDescriptor(int id, String name, List<Field> fields) {
    public EventDescriptor {
        fields = List.copyOf(fields);
    }

    /** Index of the named top-level field, or -1. */
    public int fieldIndex(String fieldName) {
        for (int i = 0; i < fields.size(); i++) {
            if (fields.get(i).name().equals(fieldName)) {
                return i;
            }
        }
        return -1;
    }
}
