/*
 * LockStat JDK. Replaces aircompressor's UnsafeUtil for the imported Snappy codec.
 */
package jdk.lockstat.internal.snappy;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The subset of {@code sun.misc.Unsafe} that the imported codec calls, over {@code byte[]} only.
 * Addresses are plain array indexes ({@link #ARRAY_BYTE_BASE_OFFSET} is 0). Out-of-range accesses
 * throw {@link IndexOutOfBoundsException} instead of touching foreign memory, which makes corrupt
 * input fail safely. VarHandle array views compile to plain loads and stores in C2.
 */
final class ByteArrayAccess {
    static final ByteArrayAccess UNSAFE = new ByteArrayAccess();
    static final int ARRAY_BYTE_BASE_OFFSET = 0;

    private static final VarHandle SHORT = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private ByteArrayAccess() {}

    byte getByte(Object base, long address) { return ((byte[]) base)[(int) address]; }
    void putByte(Object base, long address, byte value) { ((byte[]) base)[(int) address] = value; }
    short getShort(Object base, long address) { return (short) SHORT.get((byte[]) base, (int) address); }
    void putShort(Object base, long address, short value) { SHORT.set((byte[]) base, (int) address, value); }
    int getInt(Object base, long address) { return (int) INT.get((byte[]) base, (int) address); }
    void putInt(Object base, long address, int value) { INT.set((byte[]) base, (int) address, value); }
    long getLong(Object base, long address) { return (long) LONG.get((byte[]) base, (int) address); }
    void putLong(Object base, long address, long value) { LONG.set((byte[]) base, (int) address, value); }

    void copyMemory(Object srcBase, long srcAddress, Object destBase, long destAddress, long bytes) {
        System.arraycopy((byte[]) srcBase, (int) srcAddress, (byte[]) destBase, (int) destAddress, (int) bytes);
    }
}
