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

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

/** Labels of sibling call chains: each tells its chain from the others, even when they share many frames. */
class ChainLabelsTest {
    static CallChain chain(int mechanism, String... frames) {
        return new CallChain(List.of(frames), mechanism);
    }

    /** The logging example: two owner chains that differ only eleven frames below writeBytes. */
    static final String[] LOGGING = {"OutputStreamAppender.writeBytes", "OutputStreamAppender.subAppend",
        "OutputStreamAppender.append", "UnsynchronizedAppenderBase.doAppend", "AppenderAttachableImpl.appendLoopOnAppenders",
        "Logger.appendLoopOnAppenders", "Logger.callAppenders", "Logger.buildLoggingEventAndAppend",
        "Logger.filterAndLog_1", "Logger.info", "Log.info", "Orders.auditTrail", "Orders.place", "Thread.run"};

    static CallChain logging(String frame11, String frame12) {
        List<String> f = new ArrayList<>(Arrays.asList(LOGGING));
        f.set(11, frame11);
        f.set(12, frame12);
        return new CallChain(f, 0);
    }

    @Test
    void aloneAChainShowsItsFirstFrames() {
        assertEquals("a <- b <- c [+2]", ChainLabels.label(chain(0, "a", "b", "c", "d", "e"), 3, false));
        assertEquals("a <- b", ChainLabels.label(chain(0, "a", "b"), 3, false));
        assertEquals("… c <- d <- e", ChainLabels.label(chain(2, "park", "lock", "c", "d", "e"), 3, false));
        assertEquals("park <- lock <- c [+2]", ChainLabels.label(chain(2, "park", "lock", "c", "d", "e"), 3, true));
    }

    @Test
    void siblingsThatShareTheirInnermostFramesShowWhereTheyDiffer() {
        List<String> labels = ChainLabels.of(List.of(logging("Orders.auditTrail", "Orders.place"),
                logging("Orders.cancel", "Orders.place"), logging("Orders.auditTrail", "Orders.refund")), 3, false);
        assertEquals(List.of(
                "OutputStreamAppender.writeBytes <- …11 shared… <- Orders.place [+1]",
                "OutputStreamAppender.writeBytes <- …10 shared… <- Orders.cancel [+2]",
                "OutputStreamAppender.writeBytes <- …11 shared… <- Orders.refund [+1]"), labels);
    }

    @Test
    void siblingsThatDifferEarlyKeepThePlainLabel() {
        List<String> labels = ChainLabels.of(List.of(chain(0, "a", "b", "c", "d"), chain(0, "a", "x", "c", "d"),
                chain(0, "z", "y")), 3, false);
        assertEquals(List.of("a <- b <- c [+1]", "a <- x <- c [+1]", "z <- y"), labels);
    }

    @Test
    void theMechanismIsSkippedBeforeComparing() {
        // Park and unpark paths differ inside the mechanism only; shown, they share 4 frames and differ in the 5th.
        CallChain a = chain(3, "Unsafe.park", "LockSupport.park", "ReentrantLock.lock", "Cache.get", "A.a", "B.b", "C.c",
                "Thread.run");
        CallChain b = chain(2, "LockSupport.park", "ReentrantLock.lock", "Cache.get", "A.a", "B.b", "C.c", "X.x",
                "Thread.run");
        assertEquals(List.of("… Cache.get <- …3 shared… <- Thread.run", "… Cache.get <- …3 shared… <- X.x [+1]"),
                ChainLabels.of(List.of(a, b), 3, false));
        assertEquals(List.of("Unsafe.park <- LockSupport.park <- ReentrantLock.lock [+5]",
                "LockSupport.park <- ReentrantLock.lock <- Cache.get [+5]"), ChainLabels.of(List.of(a, b), 3, true));
    }

    @Test
    void aChainThatEndsWhereASiblingGoesOnShowsItsLastFrame() {
        CallChain shorter = chain(0, "a", "b", "c", "d", "e");
        CallChain longer = chain(0, "a", "b", "c", "d", "e", "f", "g");
        assertEquals(List.of("a <- …3 shared… <- e", "a <- …4 shared… <- f [+1]"),
                ChainLabels.of(List.of(shorter, longer), 3, false));
    }

    @Test
    void chainsEqualOutsideTheMechanismNameTheMechanismFrameThatDiffers() {
        CallChain viaLock = chain(2, "Unsafe.park", "ReentrantLock.lock", "A.a", "B.b", "C.c", "D.d");
        CallChain viaRead = chain(2, "Unsafe.park", "ReentrantReadWriteLock.lock", "A.a", "B.b", "C.c", "D.d");
        assertEquals(List.of("… A.a <- …2 shared… <- D.d (via ReentrantLock.lock)",
                "… A.a <- …2 shared… <- D.d (via ReentrantReadWriteLock.lock)"),
                ChainLabels.of(List.of(viaLock, viaRead), 3, false));
    }

    @Test
    void keysThatAreNoChainsGetNoLabel() {
        List<CallChain> chains = new ArrayList<>();
        chains.add(null);
        chains.add(chain(0, "a", "b", "c", "d", "e"));
        chains.add(chain(0, "a", "b", "c", "d", "x"));
        List<String> labels = ChainLabels.of(chains, 3, false);
        assertEquals(Arrays.asList(null, "a <- …3 shared… <- e", "a <- …3 shared… <- x"), labels);
    }
}
