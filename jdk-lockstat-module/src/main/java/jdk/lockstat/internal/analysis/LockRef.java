package jdk.lockstat.internal.analysis;

/**
 * The object whose lock was contended: its class and identity hash. An object that was never hashed
 * (hash 0) is named by its monitor's address instead, which identifies it only for that monitor's
 * lifetime. Equal LockRefs are the same lock for aggregation (ClassRef compares by identity).
 */
public record LockRef(ClassRef lockClass, long objectHash, long address) {
    static LockRef of(ClassRef lockClass, long objectHash, long address) {
        return new LockRef(lockClass, objectHash, objectHash != 0 ? 0 : address);
    }

    /** Class@hash (hex, as Object.toString), or Class@0xaddress when the object was never hashed. */
    @Override
    public String toString() {
        String cls = lockClass != null ? lockClass.toString() : "<unknown class>";
        return objectHash != 0 ? cls + "@" + Long.toHexString(objectHash) : cls + "@0x" + Long.toHexString(address);
    }
}
