/*
 * Copyright (c) 2026, LockStat JDK authors. All rights reserved.
 * DO NOT ALTER OR REMOVE COPYRIGHT NOTICES OR THIS FILE HEADER.
 *
 * This code is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License version 2 only, as
 * published by the Free Software Foundation.  The LockStat JDK authors
 * designate this particular file as subject to the "Classpath" exception
 * as provided in the LICENSE file that accompanied this code.
 *
 * This code is distributed in the hope that it will be useful, but WITHOUT
 * ANY WARRANTY; without even the implied warranty of MERCHANTABILITY or
 * FITNESS FOR A PARTICULAR PURPOSE.  See the GNU General Public License
 * version 2 for more details (a copy is included in the LICENSE file that
 * accompanied this code).
 *
 * You should have received a copy of the GNU General Public License version
 * 2 along with this work; if not, write to the Free Software Foundation,
 * Inc., 51 Franklin St, Fifth Floor, Boston, MA 02110-1301 USA.
 */

package jdk.lockstat.query;

import java.util.ArrayList;
import java.util.List;

import jdk.lockstat.internal.model.ChainRef;
import jdk.lockstat.internal.model.Frame;

/**
 * A call chain as a front end shows it: its frames as text, innermost first, and how many of the
 * innermost ones belong to the locking mechanism itself (Unsafe, LockSupport, AbstractQueuedSynchronizer,
 * ReentrantLock, ...) rather than to the application. Keys of {@link DrillNode}s and
 * {@link DrillDetail.Entry entries} that are call chains read this way.
 *
 * <p>Every view follows one rule (the model's, which lockstat's report, flame graphs and exports use): a
 * chain starts at its first frame outside the mechanism ({@link #applicationFrames()}); all frames are
 * shown only when asked for ({@code lockstat --all-frames}). A chain of mechanism frames only is kept
 * whole. {@link #keyText} gives any key's text by that rule.
 */
public record CallChain(List<String> frames, int mechanismFrames) {
    public CallChain {
        frames = List.copyOf(frames);
        if (mechanismFrames < 0 || mechanismFrames > frames.size()) {
            throw new IllegalArgumentException("mechanismFrames " + mechanismFrames + " of " + frames.size() + " frames");
        }
    }

    /**
     * The call chain a key stands for, or null when the key is no call chain or its frames are not known
     * (an unknown chain, or one whose metadata never arrived).
     */
    public static CallChain of(Object key) {
        if (!(key instanceof ChainRef c) || c.frames() == null || c.frames().isEmpty()) {
            return null;
        }
        List<String> texts = new ArrayList<>(c.frames().size());
        for (Frame f : c.frames()) {
            texts.add(String.valueOf(f));
        }
        return new CallChain(texts, c.mechanismFrames());
    }

    /** The frames from the first one outside the locking mechanism, innermost first: what views show. */
    public List<String> applicationFrames() {
        return frames.subList(mechanismFrames, frames.size());
    }

    /** {@link #applicationFrames()}, or every frame with allFrames. */
    public List<String> frames(boolean allFrames) {
        return allFrames ? frames : applicationFrames();
    }

    /**
     * The innermost frame shown by the frame rule (the innermost of all when every frame is the
     * mechanism's); "" for a chain without frames.
     */
    public String topFrame(boolean allFrames) {
        List<String> shown = frames(allFrames).isEmpty() ? frames : frames(allFrames);
        return shown.isEmpty() ? "" : shown.get(0);
    }

    /** The frames shown, innermost first, separated by " &lt;- " (as the report's chain keys). */
    public String text(boolean allFrames) {
        return String.join(" <- ", frames(allFrames));
    }

    /**
     * The text a report shows for any key (a chain, lock, thread, method, class, group or unknown marker):
     * a chain's from its first frame outside the locking mechanism, or with all frames; anything else's
     * toString. Two chains that differ only in mechanism frames read the same, and views merge keys that
     * read the same.
     */
    public static String keyText(Object key, boolean allFrames) {
        return ChainRef.keyText(key, allFrames);
    }
}
