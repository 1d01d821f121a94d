package jdk.lockstat.viewer;

import java.util.List;

import jdk.lockstat.internal.analysis.Aspect;

/** Named aspect orders for the drill-down (the presets, plus the report's default). */
enum Presets {
    DEFAULT("lock class > owner chain (the report's default)", Aspect.LOCK_CLASS, Aspect.OWNER_CHAIN),
    WHO_BLOCKS_ME("who blocks me: chain > owner chain", Aspect.CHAIN, Aspect.OWNER_CHAIN),
    WHAT_DO_OWNERS_DO("what do owners do: owner method > owner chain", Aspect.OWNER_METHOD, Aspect.OWNER_CHAIN),
    PER_LOCK("per lock: lock class > lock > owner method", Aspect.LOCK_CLASS, Aspect.LOCK, Aspect.OWNER_METHOD),
    BY_THREAD("by thread: thread > owner thread", Aspect.THREAD, Aspect.OWNER_THREAD);

    final String label;
    final List<Aspect> aspects;

    Presets(String label, Aspect... aspects) {
        this.label = label;
        this.aspects = List.of(aspects);
    }

    @Override
    public String toString() {
        return label;
    }
}
