package jdk.lockstat.internal.analysis;

/**
 * A class as events refer to it (by an opaque id). The Class metadata event may come after events that
 * use the id, so the name is filled in when it arrives; until then it renders as unknown.
 */
public final class ClassRef {
    private final long id;
    private String name;
    private long loader;

    ClassRef(long id) {
        this.id = id;
    }

    public long id() {
        return id;
    }

    public String name() {
        return name;
    }

    long loader() {
        return loader;
    }

    boolean defined() {
        return name != null;
    }

    void define(String className, long classLoader) {
        if (name == null) {
            name = className;
            loader = classLoader;
        }
    }

    @Override
    public String toString() {
        return name != null ? name : "<unknown class 0x" + Long.toHexString(id) + ">";
    }
}
