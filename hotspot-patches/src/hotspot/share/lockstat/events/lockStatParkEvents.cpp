/*
 * Copyright (c) 2026, LockStat JDK authors. All rights reserved.
 * DO NOT ALTER OR REMOVE COPYRIGHT NOTICES OR THIS FILE HEADER.
 *
 * This code is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License version 2 only, as
 * published by the Free Software Foundation.
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

#include "classfile/javaClasses.inline.hpp"
#include "classfile/symbolTable.hpp"
#include "classfile/vmClasses.hpp"
#include "classfile/vmSymbols.hpp"
#include "lockstat/events/lockStatEventContext.hpp"
#include "lockstat/events/lockStatEventTypes.hpp"
#include "lockstat/events/lockStatParkEvents.hpp"
#include "lockstat/events/lockStatSampling.hpp"
#include "lockstat/names/lockStatLockTally.hpp"
#include "lockstat/service/lockStatJavaSwitches.hpp"
#include "lockstat/stacktrace/lockStatCallChains.hpp"
#include "lockstat/storage/lockStatBuffer.hpp"
#include "lockstat/storage/lockStatClock.hpp"
#include "lockstat/storage/lockStatEventWriter.hpp"
#include "lockstat/storage/lockStatThreadLocal.hpp"
#include "oops/instanceKlass.inline.hpp"
#include "oops/oop.inline.hpp"
#include "runtime/atomic.hpp"
#include "runtime/fieldDescriptor.inline.hpp"
#include "runtime/javaThread.inline.hpp"
#include "runtime/os.hpp"
#include "runtime/safepoint.hpp"
#include "runtime/synchronizer.hpp"
#include "runtime/threadSMR.hpp"

static const size_t park_event_size = 10 * LockStatEventWriter::max_varint_size;
STATIC_ASSERT(park_event_size >= lockstat_park_begin_max_size);
STATIC_ASSERT(park_event_size >= lockstat_unpark_max_size);

// The global park/unpark sequence, alone on its cache line: it is the one location every parking
// and unparking thread writes, so it must not share a line with anything else they read.
struct alignas(DEFAULT_CACHE_LINE_SIZE) LockStatParkSequence {
  volatile u8 next;
  char pad[DEFAULT_CACHE_LINE_SIZE - sizeof(u8)];
};
static LockStatParkSequence park_sequence = { 1, {} };

static u8 next_gseq() {
  return Atomic::fetch_then_add(&park_sequence.next, (u8)1);
}

// Mailboxes: the latest unpark of a Java thread (platform or virtual), as (gseq << 16 | 16-bit tag of
// the thread id), in a direct-mapped table indexed by the thread id. One atomic store by the
// unparker, one load by the parked thread: no lock, no field in JavaThread, Parker or VirtualThread.
// Two threads sharing a slot overwrite each other's number; the tag makes the loser see "unknown
// unpark" instead of a wrong one (a wrong match needs a collision and an equal tag, 1 in 65,536).
static const int mailbox_bits = 16;
static volatile u8* mailboxes = nullptr;

// A thread's slot in the tables indexed by thread id (mailboxes, sampled parks).
static size_t slot_of(jlong tid) {
  return (size_t)((julong)tid & ((1 << mailbox_bits) - 1));
}

static volatile u8* mailbox_of(jlong tid) {
  return &mailboxes[slot_of(tid)];
}

static u8 tag_of(jlong tid) {
  return (u8)(((julong)tid >> mailbox_bits) * 0x9E3779B1u >> 7) & 0xFFFF;
}

// The unpark number in a mailbox value if it is tid's, else 0.
static u8 unpark_in(u8 mailbox, jlong tid) {
  return (mailbox & 0xFFFF) == tag_of(tid) ? mailbox >> 16 : 0;
}

// The unpark whose permit each Java thread used last, as (gseq << 16 | tag), indexed like the mailboxes:
// a park that ends without a new unpark in its mailbox took the permit of the unpark there only if no
// earlier park used it already. Kept by thread id, not by the JavaThread that parks: a virtual thread
// parks on whichever carrier mounts it, and a carrier's latest permit was another virtual thread's.
static volatile u8* consumed_unparks = nullptr;

static u8 consumed_unpark(jlong tid) {
  return unpark_in(Atomic::load(&consumed_unparks[slot_of(tid)]), tid);
}

static void set_consumed_unpark(jlong tid, u8 gseq) {
  Atomic::store(&consumed_unparks[slot_of(tid)], gseq << 16 | tag_of(tid));
}

// Sampled tracing (events/lockStatSampling.hpp). An unpark is recorded only where a recorded park could
// need it: the target's own park is sampled, or another thread's sampled park waits on the same blocker
// (the analysis splits every parked thread's time at each unpark on its blocker, ParkLockAnalyzer, so a
// sampled waiter needs the unparks of the unsampled ones ahead of it). Otherwise nothing is recorded, so
// that the unparks' cost falls with the rate too. Three tables, with no lock:
//  - sampled_parks: the threads whose sampled park is open, as (16-bit tag + 1) in a table indexed like
//    the mailboxes, with the identity hash of the park's blocker beside it (sampled_park_blockers);
//  - sampled_blockers: per blocker hash (mod the table's size), how many sampled parks are open on it;
//  - sampled_acquisitions: (16-bit tag + 1) while the thread's current acquisition is recorded, indexed
//    like the mailboxes: a re-park (woken, the thread lost the lock to a barging one) is recorded as its
//    acquisition's first park was, so that the analysis has all of a recorded acquisition's parks and
//    none of another's. Keyed by thread id, not kept by the parking JavaThread: a virtual thread's
//    re-park may run on another carrier, whose own latest park was another virtual thread's (the
//    accuracy suite's virtual threads on j.u.c. locks were 15-20 points off at one in 10).
// A collision can only add an unpark recorded for nothing, or (two threads in one slot) hide one: an
// unknown unparker, as for a lost event.
static volatile u4* sampled_parks = nullptr;
static volatile u8* sampled_park_blockers = nullptr;
static volatile int* sampled_blockers = nullptr;
static volatile u4* sampled_acquisitions = nullptr;

// Followed givers, (16-bit tag + 1) indexed like the mailboxes: the threads whose latest release (an
// unpark, a shared release) a sampled trace recorded, until their next park. A thread that gives back
// a resource may take it again at once without the trace seeing it (a semaphore's barge, a pool's
// thread-local reuse), and the analysis takes it to hold, provisionally, until its next park here or
// elsewhere (ResourceHolds): a park the draw mostly leaves out, so the hold ran on to the thread's next
// recorded release, operations later, and named that operation's code as the holder of everything
// meanwhile (a HikariCP pool 15-18 points off at one in 10). So such a thread's next park is written
// whatever the draw, as a bare PARK_BEGIN flagged FOLLOWED: its blocker, no chain, no PARK_END, no
// sampled park opened. At most one per recorded release: the cost still falls with the rate.
// Followed takers, likewise: the threads a recorded unpark woke, until their next release. Woken on a
// resource, such a thread takes an item, and its hold may overlap a recorded wait that ends before it
// gives the item back; its release, recorded no more once no recorded park waits, is where the analysis
// takes the holder's chain from (else "<unknown method>": a fifth of a pool's waits at one in 10). So
// its next release is recorded whatever waits, once; a release recorded only so follows nobody. They are
// marked in their java.lang.Thread (Thread.lockstatFollowed, below), which LockSupport reads too: it
// sends a release that wakes nobody to the VM only while a recorded park is open or its thread is marked.
static volatile u4* followed_givers = nullptr;

static volatile int* sampled_blocker_count(u8 hash) {
  return &sampled_blockers[hash & ((1 << mailbox_bits) - 1)];
}

static volatile u4* sampled_park_of(jlong tid) {
  return &sampled_parks[slot_of(tid)];
}

static volatile u8* sampled_park_blocker_of(jlong tid) {
  return &sampled_park_blockers[slot_of(tid)];
}

static u4 sampled_park_mark(jlong tid) {
  return (u4)tag_of(tid) + 1;
}

// Whether the park thread tid begins now is recorded: every park when the trace does not sample; else a
// first park by chance, and a re-park as its acquisition's first park was (sampled_acquisitions).
static bool record_park(LockStatThreadLocal* tl, jlong tid) {
  if (!LockStatSampling::sampling()) {
    return true;
  }
  assert(sampled_acquisitions != nullptr, "made when sampling began");
  volatile u4* acquisition = &sampled_acquisitions[slot_of(tid)];
  if (tl->is_repark(tid)) {
    return Atomic::load(acquisition) == sampled_park_mark(tid);
  }
  bool recorded = LockStatSampling::record_contention(tl);
  Atomic::store(acquisition, recorded ? sampled_park_mark(tid) : (u4)0);
  return recorded;
}

// Whether thread tid is marked in a table of followed threads; clears the mark.
static bool take_followed(volatile u4* table, jlong tid) {
  volatile u4* followed = &table[slot_of(tid)];
  if (Atomic::load(followed) != sampled_park_mark(tid)) {
    return false;
  }
  Atomic::store(followed, (u4)0);
  return true;
}

static void follow(volatile u4* table, jlong tid) {
  if (LockStatSampling::sampling()) {
    Atomic::store(&table[slot_of(tid)], sampled_park_mark(tid));
  }
}

// Thread.lockstatFollowed, the followed takers' mark (-1: a java.base without it).
static int followed_offset = -1;

// Marks a thread (its java.lang.Thread, or a virtual thread) a followed taker, or clears the mark.
static void set_followed_field(oop thread, jint value) {
  if (followed_offset >= 0 && thread != nullptr) {
    thread->int_field_put(followed_offset, value);
  }
}

// Whether current (Thread.currentThread(): a mounted virtual thread, not its carrier) is a followed
// taker; takes the mark.
static bool take_followed_release(JavaThread* current) {
  oop self = current->vthread();
  if (followed_offset < 0 || self == nullptr || self->int_field(followed_offset) == 0) {
    return false;
  }
  self->int_field_put(followed_offset, 0);
  return true;
}

// The sampling tables (1.5 MB) exist only once a trace samples: a trace of every contention never reads them.
static void clear_sampled_tables() {
  if (sampled_parks == nullptr) {
    sampled_parks = NEW_C_HEAP_ARRAY(u4, (size_t)1 << mailbox_bits, mtTracing);
    sampled_park_blockers = NEW_C_HEAP_ARRAY(u8, (size_t)1 << mailbox_bits, mtTracing);
    sampled_blockers = NEW_C_HEAP_ARRAY(int, (size_t)1 << mailbox_bits, mtTracing);
    sampled_acquisitions = NEW_C_HEAP_ARRAY(u4, (size_t)1 << mailbox_bits, mtTracing);
    followed_givers = NEW_C_HEAP_ARRAY(u4, (size_t)1 << mailbox_bits, mtTracing);
  }
  memset((void*)sampled_parks, 0, sizeof(u4) << mailbox_bits);
  memset((void*)sampled_park_blockers, 0, sizeof(u8) << mailbox_bits);
  memset((void*)sampled_blockers, 0, sizeof(int) << mailbox_bits);
  memset((void*)sampled_acquisitions, 0, sizeof(u4) << mailbox_bits);
  memset((void*)followed_givers, 0, sizeof(u4) << mailbox_bits);
}

// Hold starts of exclusive j.u.c locks: a ReentrantLock acquisition that finds threads queued on the
// lock reads System.nanoTime before its CAS and, if it won, stores it with the lock's identity hash in
// its java.lang.Thread (LockSupport.lockstatHeldSince, 0009); its release stores System.nanoTime again
// once the lock is free. The release's unpark of a waiter takes the difference here, so that its event
// says how long the thread held the lock: the waiters' time before that is not the holder's (a woken
// waiter on its way, or threads that barged in meanwhile and released without unparking anyone), nor
// is the release's way from the free lock to this unpark. The fields' offsets; -1: a java.base without them.
static int hold_start_offset = -1;
static int hold_end_offset = -1;
static int hold_start_hash_offset = -1;

static int thread_field_offset(const char* name, Symbol* signature) {
  TempNewSymbol field = SymbolTable::new_symbol(name);
  fieldDescriptor fd;
  InstanceKlass* ik = vmClasses::Thread_klass();
  return ik->find_local_field(field, signature, &fd) && !fd.is_static() ? fd.offset() : -1;
}

void LockStatParkEvents::initialize() {
  hold_start_offset = thread_field_offset("lockstatHoldStart", vmSymbols::long_signature());
  hold_end_offset = thread_field_offset("lockstatHoldEnd", vmSymbols::long_signature());
  hold_start_hash_offset = thread_field_offset("lockstatHoldStartHash", vmSymbols::int_signature());
  followed_offset = thread_field_offset("lockstatFollowed", vmSymbols::int_signature());
  mailboxes = NEW_C_HEAP_ARRAY(u8, (size_t)1 << mailbox_bits, mtTracing);
  memset((void*)mailboxes, 0, sizeof(u8) << mailbox_bits);
  consumed_unparks = NEW_C_HEAP_ARRAY(u8, (size_t)1 << mailbox_bits, mtTracing);
  memset((void*)consumed_unparks, 0, sizeof(u8) << mailbox_bits);
  if (LockStatSampling::sampling()) {
    clear_sampled_tables();   // -XX:TraceLockContentionSampling at VM start
  }
}

// The blocker's identity hash, installing one if needed (as MonitorInflate does): blockers name
// the lock in reports. The thread is in the VM, outside any safepoint.
static u8 blocker_hash(JavaThread* jt, oop blocker) {
  return (u8)ObjectSynchronizer::FastHashCode(jt, blocker);
}

// LockSupport.park sets the blocker on the thread that parks: a mounted virtual thread, not its carrier.
static oop park_blocker_of(JavaThread* jt) {
  oop parker = jt->is_vthread_mounted() ? jt->vthread() : jt->threadObj();
  return parker != nullptr ? java_lang_Thread::park_blocker(parker) : nullptr;
}

// A park the draw left out, of a followed giver (followed_givers): its blocker, nothing else.
static void write_followed_park(JavaThread* jt, LockStatThreadLocal* tl) {
  oop blocker = park_blocker_of(jt);
  u8 hash = blocker != nullptr ? blocker_hash(jt, blocker) : 0;
  u8 klass = blocker != nullptr ? LockStatCallChains::class_id(tl, blocker->klass()) : 0;
  jlong now = LockStatClock::now();
  LockStatBuffer* b = LockStatEventContext::buffer(jt, tl, park_event_size, now);
  if (b == nullptr) {
    return;
  }
  LockStatEventWriter w(b);
  lockstat_write_park_begin(w, now, next_gseq(), hash, klass, 0, 0, 0, LOCKSTAT_PARK_FOLLOWED);
  w.commit();
}

void LockStatParkEvents::park_begin(JavaThread* jt, bool is_absolute, jlong time, Park* park) {
  LockStatThreadLocal* tl = LockStatThreadLocal::current(jt);
  if (tl == nullptr || mailboxes == nullptr) {
    return;
  }
  jlong tid = jt->monitor_owner_id();
  bool followed = LockStatSampling::sampling() && take_followed(followed_givers, tid);
  if (!record_park(tl, tid)) {
    tl->take_repark(tid);   // used up, as by a recorded park
    if (followed) {
      write_followed_park(jt, tl);
    }
    return;   // left out: no walk, no full event; its unpark is not recorded either
  }
  oop blocker = park_blocker_of(jt);
  u8 hash = 0, klass = 0;
  if (blocker != nullptr) {
    hash = blocker_hash(jt, blocker);
    klass = LockStatCallChains::class_id(tl, blocker->klass());
    LockStatLockTally::add(blocker->klass(), klass, hash);   // towards naming it at the trace's end
  }
  if (LockStatSampling::sampling()) {
    if (hash != 0) {
      Atomic::inc(sampled_blocker_count(hash));
    }
    Atomic::store(sampled_park_blocker_of(tid), hash);
    Atomic::release_store(sampled_park_of(tid), sampled_park_mark(tid));
    LockStatJavaSwitches::sampled_park_opened(jt);
  }
  u8 chain = LockStatCallChains::current_chain(jt, tl);   // about to block: the walk costs no lock time
  jlong now = LockStatClock::now();
  LockStatBuffer* b = LockStatEventContext::buffer(jt, tl, park_event_size, now);
  if (b == nullptr) {
    return;
  }
  park->begin = now;
  park->timeout_nanos = !is_absolute && time > 0 ? time : 0;
  park->mailbox_before = Atomic::load_acquire(mailbox_of(jt->monitor_owner_id()));
  u1 flags = jt->is_vthread_mounted() && !park->virtual_park ? LOCKSTAT_PARK_PINNED : 0;
  if (tl->take_repark(jt->monitor_owner_id())) {
    flags |= LOCKSTAT_PARK_REPARK;
  }
  LockStatEventWriter w(b);
  lockstat_write_park_begin(w, now, next_gseq(), hash, klass, time == 0 ? 0 : (is_absolute ? 2 : 1),
                            (julong)MAX2(time, (jlong)0), chain, flags);
  w.commit();
  park->written = true;
}

void LockStatParkEvents::park_end(JavaThread* jt, const Park* park) {
  LockStatThreadLocal* tl = LockStatThreadLocal::current(jt);
  if (tl == nullptr) {
    return;
  }
  jlong now = LockStatClock::now();
  jlong tid = jt->monitor_owner_id();
  if (LockStatSampling::sampling() && Atomic::load(sampled_park_of(tid)) == sampled_park_mark(tid)) {
    Atomic::store(sampled_park_of(tid), (u4)0);
    u8 hash = Atomic::load(sampled_park_blocker_of(tid));
    if (hash != 0 && Atomic::load(sampled_blocker_count(hash)) > 0) {
      Atomic::dec(sampled_blocker_count(hash));
    }
    LockStatJavaSwitches::sampled_park_closed();
  }
  u8 mailbox = Atomic::load_acquire(mailbox_of(tid));
  // A new unpark since the park began woke it; else the permit of an unpark before the park (which
  // the thread has not consumed yet), or nothing: a timeout, an interrupt, a spurious wake-up.
  u8 unparked = mailbox != park->mailbox_before ? unpark_in(mailbox, tid) : 0;
  if (unparked == 0) {
    u8 pending = unpark_in(park->mailbox_before, tid);
    if (pending != 0 && pending != consumed_unpark(tid)) {
      unparked = pending;
    }
  }
  if (unparked != 0) {
    set_consumed_unpark(tid, unparked);
  }
  u1 flags = 0;
  if (unparked == 0 && park->timeout_nanos > 0 && LockStatClock::to_nanos(now - park->begin) >= park->timeout_nanos) {
    flags |= LOCKSTAT_PARK_END_TIMED_OUT;
  }
  if (jt->is_interrupted(false)) {
    flags |= LOCKSTAT_PARK_END_INTERRUPTED;
  }
  if (!park->blocked) {
    flags |= LOCKSTAT_PARK_END_NOT_BLOCKED;   // a virtual thread that could not unmount: its carrier's park is recorded instead
  }
  LockStatBuffer* b = LockStatEventContext::buffer(jt, tl, park_event_size, now);
  if (b == nullptr) {
    return;
  }
  LockStatEventWriter w(b);
  lockstat_write_park_end(w, now, next_gseq(), unparked, flags);
  w.commit();
}

void LockStatParkEvents::reset_at_safepoint() {
  assert(SafepointSynchronize::is_at_safepoint(), "no thread in the middle of a park or an unpark");
  // No thread is between an unpark's begin and its end either: both halves run in the VM (Unsafe_Unpark,
  // JVM_LockStatVirtualUnpark, Thread.interrupt), without a safepoint check between them.
  Atomic::store(&park_sequence.next, (u8)1);
  if (mailboxes != nullptr) {
    memset((void*)mailboxes, 0, sizeof(u8) << mailbox_bits);
    memset((void*)consumed_unparks, 0, sizeof(u8) << mailbox_bits);
  }
  if (LockStatSampling::sampling() || sampled_parks != nullptr) {
    clear_sampled_tables();   // made for the first trace that samples (jcmd LockStat.start sampling=N)
    // An earlier trace's followed takers (an unmounted virtual thread keeps its mark: one release more).
    for (JavaThreadIteratorWithHandle jtiwh; JavaThread* jt = jtiwh.next(); ) {
      set_followed_field(jt->threadObj(), 0);
      set_followed_field(jt->vthread(), 0);
    }
  }
}

// The target's blocker into the unpark's event (the analysis has no park of the target to find the lock
// by); false if it parks on none, or, waited_on, if no sampled park waits on that blocker.
static bool set_target_blocker(JavaThread* current, LockStatThreadLocal* tl, oop target, bool waited_on) {
  oop blocker = target != nullptr ? java_lang_Thread::park_blocker(target) : nullptr;
  if (blocker == nullptr) {
    return false;
  }
  u8 hash = blocker_hash(current, blocker);
  if (waited_on && Atomic::load(sampled_blocker_count(hash)) == 0) {
    return false;
  }
  tl->set_unpark_blocker(hash, blocker->klass());
  return true;
}

// Whether an unpark of target_id (whose java.lang.Thread is target) may end or split a sampled park. For
// an unpark that only splits others' parks (its target's park is not recorded), the target's blocker goes
// into the event.
static bool unpark_wanted(JavaThread* current, LockStatThreadLocal* tl, jlong target_id, oop target) {
  if (Atomic::load_acquire(sampled_park_of(target_id)) == sampled_park_mark(target_id)) {
    return true;
  }
  return set_target_blocker(current, tl, target, true);
}

// How long the current thread held lock, in nanoseconds, taken from its java.lang.Thread (used once:
// the hold's next release is another hold's); 0: none stamped, or one of another lock (kept for it).
static jlong take_held(JavaThread* current, oop lock) {
  oop self = current->vthread();   // Thread.currentThread(): a mounted virtual thread, not its carrier
  if (hold_start_hash_offset < 0 || hold_start_offset < 0 || hold_end_offset < 0 || self == nullptr ||
      lock == nullptr) {
    return 0;
  }
  jint hash = self->int_field(hold_start_hash_offset);
  jlong held = self->long_field(hold_end_offset) - self->long_field(hold_start_offset);
  // The stamp installed the lock's hash, so a blocker that is the lock has one: reading it is a load.
  if (hash == 0 || blocker_hash(current, lock) != (u8)(juint)hash) {
    return 0;
  }
  self->int_field_put(hold_start_hash_offset, 0);
  return MAX2(held, (jlong)0);
}

// Before the target is woken: its number, in the target's mailbox so that the woken thread finds it.
// No walk and no buffer here: the next owner of a j.u.c lock waits for this wake-up.
u8 LockStatParkEvents::unpark_begin(JavaThread* current, jlong target_id, oop target, jlong* time) {
  LockStatThreadLocal* tl = LockStatThreadLocal::current(current);
  if (tl == nullptr || mailboxes == nullptr) {
    return 0;
  }
  tl->take_repark(current->monitor_owner_id());   // it released a lock: its acquisition ended
  tl->set_unpark_blocker(0, nullptr);
  tl->set_unpark_held(target != nullptr ? take_held(current, java_lang_Thread::park_blocker(target)) : 0);
  if (LockStatSampling::sampling()) {
    jlong tid = current->monitor_owner_id();
    if (unpark_wanted(current, tl, target_id, target)) {
      follow(followed_givers, tid);
      set_followed_field(target, 1);   // a followed taker
    } else if (!take_followed_release(current) || !set_target_blocker(current, tl, target, false)) {
      return 0;   // no recorded park would name this unpark or be split by it, nor is its thread followed
    }
  }
  *time = LockStatClock::now();
  u8 gseq = next_gseq();
  Atomic::release_store(mailbox_of(target_id), gseq << 16 | tag_of(target_id));
  return gseq;
}

// After the wake-up: the event, with the unparker's chain (its frames are still those of the release).
void LockStatParkEvents::unpark_end(JavaThread* current, jlong target_id, u8 gseq, jlong time) {
  LockStatThreadLocal* tl = LockStatThreadLocal::current(current);
  if (tl == nullptr) {
    return;
  }
  jlong held = tl->unpark_held();
  tl->set_unpark_held(0);
  u8 chain = LockStatCallChains::current_chain(current, tl);
  u8 blocker_hash = tl->unpark_blocker_hash();
  u8 blocker_class = blocker_hash != 0 ? LockStatCallChains::class_id(tl, tl->unpark_blocker_klass()) : 0;
  LockStatBuffer* b = LockStatEventContext::buffer(current, tl, park_event_size, time);
  if (b == nullptr) {
    return;   // its number stays unused: the target's park end names an unpark the trace lacks
  }
  LockStatEventWriter w(b);
  lockstat_write_unpark(w, time, gseq, (julong)target_id, chain, blocker_hash, blocker_class, (julong)held);
  w.commit();
}

void LockStatParkEvents::unpark(JavaThread* current, jlong target_id, oop target) {
  jlong time;
  u8 gseq = unpark_begin(current, target_id, target, &time);
  if (gseq != 0) {
    unpark_end(current, target_id, gseq, time);
  }
}

void LockStatParkEvents::shared_release(JavaThread* current, oop blocker) {
  LockStatThreadLocal* tl = LockStatThreadLocal::current(current);
  if (tl == nullptr || mailboxes == nullptr || blocker == nullptr) {
    return;
  }
  // An exclusive lock's release that wakes nobody comes with its hold (LockSupport.lockstatReleased).
  jlong held = take_held(current, blocker);
  u8 hash = blocker_hash(current, blocker);   // the waiting writer's park installed it already
  if (LockStatSampling::sampling()) {
    jlong tid = current->monitor_owner_id();
    if (Atomic::load(sampled_blocker_count(hash)) > 0) {
      follow(followed_givers, tid);
    } else if (!take_followed_release(current)) {
      return;   // no recorded park waits on the lock: nothing to split (a barging release: every one calls)
    }
  }
  u8 klass = LockStatCallChains::class_id(tl, blocker->klass());
  u8 chain = LockStatCallChains::current_chain(current, tl);
  jlong now = LockStatClock::now();
  LockStatBuffer* b = LockStatEventContext::buffer(current, tl, park_event_size, now);
  if (b == nullptr) {
    return;
  }
  LockStatEventWriter w(b);
  lockstat_write_shared_release(w, now, next_gseq(), hash, klass, chain, (julong)held);
  w.commit();
}

void LockStatParkEvents::repark(JavaThread* current) {
  LockStatThreadLocal* tl = LockStatThreadLocal::current(current);
  if (tl != nullptr) {
    tl->set_repark(current->monitor_owner_id());
  }
}
