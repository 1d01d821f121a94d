package jdk.lockstat.internal.agent;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import jdk.lockstat.internal.format.TraceWriter;

/** The trace file: every buffer as a BUFFER record, flushed once per period that wrote something. */
final class TraceFileSink implements BufferSink {
    private final TraceWriter writer;
    private final Path path;

    TraceFileSink(TraceWriter writer, Path path) {
        this.writer = writer;
        this.path = path;
    }

    Path path() {
        return path;
    }

    @Override
    public void buffer(ByteBuffer vmBuffer) throws IOException {
        writer.writeBuffer(vmBuffer);
    }

    @Override
    public void periodEnd() throws IOException {
        writer.flush();   // a crash loses at most one period
    }

    @Override
    public void end(Map<String, String> endProperties) throws IOException {
        writer.writeEnd(endProperties);
        writer.close();
    }

    @Override
    public String fail(IOException e) {
        try {
            writer.close();
        } catch (IOException ignored) {
            // the failure is reported once, below
        }
        // What is in the file, not what we tried to write: a failed write may have stored part of it.
        String readable;
        try {
            readable = Files.isRegularFile(path) ? "the " + Files.size(path) + " bytes written before are readable"
                    : "what was written before is readable";
        } catch (IOException | SecurityException sizeUnknown) {
            readable = "what was written before is readable";
        }
        return "writing trace file " + path + " failed (" + Startup.describe(e) + "); " + readable;
    }
}
