package jdk.lockstat.internal.analysis;

/** A method as call chains refer to it; name and class are filled in when its Method event arrives. */
public final class MethodRef {
    private final long id;
    private ClassRef declaringClass;
    private String name;
    private String signature;
    private String sourceFile;

    MethodRef(long id) {
        this.id = id;
    }

    public long id() {
        return id;
    }

    public String name() {
        return name;
    }

    public String signature() {
        return signature;
    }

    public String sourceFile() {
        return sourceFile;
    }

    public ClassRef declaringClass() {
        return declaringClass;
    }

    boolean defined() {
        return name != null;
    }

    void define(ClassRef holder, String methodName, String methodSignature, String file) {
        if (name == null) {
            declaringClass = holder;
            name = methodName;
            signature = methodSignature;
            sourceFile = file;
        }
    }

    /** Class.method, as profilers show frames. */
    @Override
    public String toString() {
        if (name == null) {
            return "<unknown method 0x" + Long.toHexString(id) + ">";
        }
        return (declaringClass != null ? declaringClass + "." : "") + name;
    }
}
