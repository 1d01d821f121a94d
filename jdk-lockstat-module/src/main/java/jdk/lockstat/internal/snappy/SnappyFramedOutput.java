package jdk.lockstat.internal.snappy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;

/**
 * Writes the Snappy framing format to a channel. Data is gathered into 64 KiB blocks; {@link #flush()}
 * ends the current chunk early so that everything written so far is readable if the process dies.
 */
public final class SnappyFramedOutput {
    private final WritableByteChannel out;
    private final byte[] block = new byte[SnappyFraming.MAX_BLOCK];
    private final byte[] compressed = new byte[8 + SnappyFraming.maxCompressedLength(SnappyFraming.MAX_BLOCK)];
    private final short[] table = SnappyFraming.newHashTable();
    private int blockSize;
    private long compressedBytes;

    public SnappyFramedOutput(WritableByteChannel out) throws IOException {
        this.out = out;
        writeFully(ByteBuffer.wrap(SnappyFraming.HEADER));
        compressedBytes = SnappyFraming.HEADER.length;
    }

    public void write(byte[] b, int off, int len) throws IOException {
        while (len > 0) {
            int n = Math.min(len, block.length - blockSize);
            System.arraycopy(b, off, block, blockSize, n);
            blockSize += n;
            off += n;
            len -= n;
            if (blockSize == block.length) {
                writeChunk();
            }
        }
    }

    public void write(ByteBuffer src) throws IOException {
        ByteBuffer b = src.duplicate();
        while (b.hasRemaining()) {
            int n = Math.min(b.remaining(), block.length - blockSize);
            b.get(block, blockSize, n);
            blockSize += n;
            if (blockSize == block.length) {
                writeChunk();
            }
        }
    }

    public void flush() throws IOException {
        if (blockSize > 0) {
            writeChunk();
        }
    }

    /** Bytes written to the channel so far, framing included. */
    public long compressedBytes() {
        return compressedBytes;
    }

    private void writeChunk() throws IOException {
        int crc = SnappyFraming.maskedCrc32c(block, 0, blockSize);
        int clen = SnappyFraming.compressBlock(block, 0, blockSize, compressed, table);
        ByteBuffer chunk;
        // Store a block as is when compression does not pay (random-looking data), as the spec allows.
        if (clen < blockSize - blockSize / 8) {
            chunk = ByteBuffer.allocate(8 + clen);
            header(chunk, SnappyFraming.COMPRESSED_DATA, 4 + clen, crc);
            chunk.put(compressed, 0, clen);
        } else {
            chunk = ByteBuffer.allocate(8 + blockSize);
            header(chunk, SnappyFraming.UNCOMPRESSED_DATA, 4 + blockSize, crc);
            chunk.put(block, 0, blockSize);
        }
        chunk.flip();
        compressedBytes += chunk.remaining();
        writeFully(chunk);
        blockSize = 0;
    }

    private static void header(ByteBuffer chunk, int type, int length, int crc) {
        chunk.put((byte) type);
        chunk.put((byte) length).put((byte) (length >>> 8)).put((byte) (length >>> 16));
        chunk.put((byte) crc).put((byte) (crc >>> 8)).put((byte) (crc >>> 16)).put((byte) (crc >>> 24));
    }

    private void writeFully(ByteBuffer b) throws IOException {
        while (b.hasRemaining()) {
            out.write(b);
        }
    }
}
