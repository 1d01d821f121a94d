package jdk.lockstat.internal.format;

import java.util.List;

/** A named field of an event type; a {@link FieldKind#LIST} field has element sub-fields. */
public record Field(String name, FieldKind kind, List<Field> elements) {
    public Field {
        elements = List.copyOf(elements);
        if ((kind == FieldKind.LIST) == elements.isEmpty()) {
            throw new IllegalArgumentException("field " + name + ": only LIST fields have element fields");
        }
    }

    public static Field of(String name, FieldKind kind) {
        return new Field(name, kind, List.of());
    }

    public static Field list(String name, Field... elements) {
        return new Field(name, FieldKind.LIST, List.of(elements));
    }
}
