package jdk.lockstat.internal.format;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;
import java.util.Map;
import java.util.zip.CRC32C;

import jdk.lockstat.internal.snappy.SnappyFramedOutput;

/**
 * Writes a trace: magic and version, then records (type, length, CRC-32C, payload), optionally
 * inside a Snappy framing stream. Used by the drain thread and by tests that build traces by hand.
 * Not thread-safe.
 */
public final class TraceWriter implements AutoCloseable {
    private final WritableByteChannel channel;
    private final SnappyFramedOutput snappy;   // null when uncompressed
    private final ByteSink recordHeader = new ByteSink(16);
    private long uncompressedBytes;
    private long records;

    public TraceWriter(WritableByteChannel channel, boolean compress) throws IOException {
        this.channel = channel;
        this.snappy = compress ? new SnappyFramedOutput(channel) : null;
        ByteSink start = new ByteSink(16);
        start.bytes(TraceConstants.MAGIC, 0, TraceConstants.MAGIC.length);
        start.u2(TraceConstants.MAJOR_VERSION).u2(TraceConstants.MINOR_VERSION);
        write(start.asBuffer());
    }

    public void writeHeader(TraceHeader header) throws IOException {
        ByteSink p = new ByteSink();
        header.writeTo(p);
        writeRecord(TraceConstants.RECORD_HEADER, p.asBuffer());
    }

    public void writeSchema(Schema schema) throws IOException {
        ByteSink p = new ByteSink();
        schema.writeTo(p);
        writeRecord(TraceConstants.RECORD_SCHEMA, p.asBuffer());
    }

    /** One event buffer: the bytes a VM buffer (or an {@link EventBufferBuilder}) holds. */
    public void writeBuffer(ByteBuffer payload) throws IOException {
        writeRecord(TraceConstants.RECORD_BUFFER, payload);
    }

    /** The end record: only a trace that was closed properly has one. */
    public void writeEnd(Map<String, String> summary) throws IOException {
        ByteSink p = new ByteSink();
        TraceHeader.writeProperties(p, summary);
        writeRecord(TraceConstants.RECORD_END, p.asBuffer());
    }

    public void writeRecord(int type, ByteBuffer payload) throws IOException {
        int len = payload.remaining();
        if (len > TraceConstants.MAX_RECORD) {
            throw new IllegalArgumentException("record of " + len + " bytes exceeds " + TraceConstants.MAX_RECORD);
        }
        CRC32C crc = new CRC32C();
        crc.update(payload.duplicate());
        recordHeader.reset();
        recordHeader.u1(type).varint(len).u4((int) crc.getValue());
        write(recordHeader.asBuffer());
        write(payload.duplicate());
        records++;
    }

    /** Makes everything written so far durable in the file's data (a partial Snappy chunk is ended). */
    public void flush() throws IOException {
        if (snappy != null) {
            snappy.flush();
        }
    }

    public long uncompressedBytes() {
        return uncompressedBytes;
    }

    public long fileBytes() {
        return snappy != null ? snappy.compressedBytes() : uncompressedBytes;
    }

    public long records() {
        return records;
    }

    private void write(ByteBuffer b) throws IOException {
        uncompressedBytes += b.remaining();
        if (snappy != null) {
            snappy.write(b);
        } else {
            while (b.hasRemaining()) {
                channel.write(b);
            }
        }
    }

    @Override
    public void close() throws IOException {
        try {
            flush();
        } finally {
            channel.close();
        }
    }
}
