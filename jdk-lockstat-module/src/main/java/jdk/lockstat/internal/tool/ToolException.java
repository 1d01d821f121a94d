package jdk.lockstat.internal.tool;

/** A problem to tell the user in one line, with the exit status to leave with. */
final class ToolException extends Exception {
    private static final long serialVersionUID = 1L;
    private final int status;

    ToolException(String message, int status) {
        super(message);
        this.status = status;
    }

    int status() {
        return status;
    }
}
