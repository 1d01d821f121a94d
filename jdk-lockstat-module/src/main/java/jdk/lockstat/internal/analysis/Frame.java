package jdk.lockstat.internal.analysis;

/** One frame of a call chain: line is -1 when unknown. */
public record Frame(MethodRef method, int bci, int line, boolean nativeFrame) {
    /** Class.method(File.java:line), like a Java stack trace element. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(method.toString());
        if (nativeFrame) {
            sb.append("(Native Method)");
        } else if (method.sourceFile() != null && !method.sourceFile().isEmpty()) {
            sb.append('(').append(method.sourceFile());
            if (line >= 0) {
                sb.append(':').append(line);
            }
            sb.append(')');
        } else if (line >= 0) {
            sb.append("(line ").append(line).append(')');
        }
        return sb.toString();
    }
}
