package jdk.lockstat.internal.analysis;

/** Aggregation keys for what the trace does not tell. */
public enum Unknown {
    OWNER("<unknown owner>"),
    CHAIN("<unknown chain>"),
    METHOD("<unknown method>"),
    THREAD("<unknown thread>"),
    LOCK("<unknown lock>");

    private final String label;

    Unknown(String label) {
        this.label = label;
    }

    @Override
    public String toString() {
        return label;
    }
}
