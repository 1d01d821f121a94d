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

#include "classfile/classLoaderData.hpp"
#include "code/nmethod.hpp"
#include "lockstat/events/lockStatEventTypes.hpp"
#include "lockstat/lockStat.hpp"
#include "lockstat/lockStat_globals.hpp"
#include "lockstat/stacktrace/lockStatCallChains.hpp"
#include "lockstat/stacktrace/lockStatFrameMarks.hpp"
#include "lockstat/stacktrace/lockStatKeySet.hpp"
#include "lockstat/stacktrace/lockStatStackWalk.hpp"
#include "lockstat/storage/lockStatBuffer.hpp"
#include "lockstat/storage/lockStatClock.hpp"
#include "lockstat/storage/lockStatEventWriter.hpp"
#include "lockstat/storage/lockStatThreadLocal.hpp"
#include "memory/resourceArea.hpp"
#include "oops/array.hpp"
#include "oops/instanceKlass.hpp"
#include "oops/klass.hpp"
#include "oops/method.hpp"
#include "runtime/atomic.hpp"
#include "runtime/mutex.hpp"
#include "runtime/mutexLocker.hpp"
#include "runtime/os.hpp"
#include "utilities/growableArray.hpp"

// The call chains, keyed by their physical frames (LockStatStackWalk::walk_physical), and the
// classes and methods whose metadata the trace has. Metadata ids are never reused, unlike Klass*
// and Method* addresses, which a class loaded after an unloading may get again; so a reader never
// has to decide which of two definitions an id means.
static LockStatKeySet* chains = nullptr;
static LockStatKeySet* known_methods = nullptr;
static LockStatKeySet* known_classes = nullptr;
static volatile u8 last_chain_id = 0;
static volatile u8 last_metadata_id = 0;
// Changes whenever chains, methods or code may be freed (purges, a new trace): threads' chain
// caches (LockStatChainCache) from before no longer match.
static volatile uint chain_epoch = 1;

static void new_chain_epoch() {
  Atomic::inc(&chain_epoch);
}

// Whether the calling thread's frame mark stands at 'slot' (its frame has not returned).
static bool mark_stands(address* slot) {
  const uintptr_t* suffix;
  int frames;
  return slot != nullptr && LockStatFrameMarks::is_marked(slot, &suffix, &frames);
}

// Whether the thread's cached chain is still the one of the frame at top: the same top frame (its sp
// and pc: the same code at the same place), no code freed since (epoch), the frames between it and the
// marked one unchanged (each return slot still holding the return address into the same caller, at the
// same place, since each frame's size is its code's), and the mark standing (the frames below it, as
// LockStatFrameMarks caches them).
static bool cache_holds(const LockStatChainCache* cache, const LockStatTopFrame& top, uint epoch) {
  if (top.pc == nullptr || top.pc != cache->pc || top.sp != cache->sp || epoch != cache->epoch) {
    return false;
  }
  for (int i = 0; i < cache->depth; i++) {
    if (*cache->between[i] != cache->value[i]) {
      return false;
    }
  }
  return (cache->bcp_addr == nullptr || *cache->bcp_addr == cache->bcp) && mark_stands(cache->slot);
}

// Writes one event into the thread's buffer (metadata is written by the thread that first sees it).
static void write_class(LockStatThreadLocal* tl, Klass* k, u8 id) {
  ResourceMark rm;
  const char* name = k->external_name();
  size_t len = MIN2(strlen(name), (size_t)4096);
  LockStatBuffer* b = tl->buffer_for(lockstat_class_max_size + len);
  if (b == nullptr) {
    return;
  }
  LockStatEventWriter w(b);
  lockstat_write_class(w, id, (julong)(uintptr_t)k->class_loader_data(), name, len);
  w.commit();
}

static void write_method(LockStatThreadLocal* tl, Method* m, u8 id, u8 holder_id) {
  ResourceMark rm;
  const char* name = m->name()->as_C_string();
  const char* sig = m->signature()->as_C_string();
  InstanceKlass* holder = m->method_holder();
  Symbol* source = holder->source_file_name();
  const char* src = source != nullptr ? source->as_C_string() : "";
  size_t nl = MIN2(strlen(name), (size_t)4096), sl = MIN2(strlen(sig), (size_t)4096), fl = MIN2(strlen(src), (size_t)1024);
  LockStatBuffer* b = tl->buffer_for(lockstat_method_max_size + nl + sl + fl);
  if (b == nullptr) {
    return;
  }
  LockStatEventWriter w(b);
  lockstat_write_method(w, id, holder_id, name, nl, sig, sl, (julong)m->access_flags().as_method_flags(), src, fl);
  w.commit();
}

static void write_chain(LockStatThreadLocal* tl, u8 id, const LockStatFrame* f, const u8* method_ids, int depth) {
  LockStatBuffer* b = tl->buffer_for(lockstat_call_chain_max_size + (size_t)depth * lockstat_call_chain_frames_element_max_size);
  if (b == nullptr) {
    return;
  }
  LockStatEventWriter w(b);
  lockstat_write_call_chain(w, id, (julong)depth);
  for (int i = 0; i < depth; i++) {
    Method* m = f[i].method;
    lockstat_write_call_chain_frames_element(w, method_ids[i], f[i].bci,
                                             m->is_native() ? -2 : m->line_number_from_bci(f[i].bci), m->is_native() ? 1 : 0);
  }
  w.commit();
}

void LockStatCallChains::initialize() {
  chains = new LockStatKeySet(64 * K, &last_chain_id);
  known_methods = new LockStatKeySet(16 * K, &last_metadata_id);
  known_classes = new LockStatKeySet(4 * K, &last_metadata_id);
}

u8 LockStatCallChains::class_id(LockStatThreadLocal* tl, Klass* k) {
  uintptr_t key = (uintptr_t)k;
  bool is_new;
  u8 id = known_classes->find_or_insert(Thread::current(), &key, 1, &is_new);
  if (is_new) {
    write_class(tl, k, id);
  }
  return id;
}

static u8 method_id(JavaThread* jt, LockStatThreadLocal* tl, Method* m) {
  uintptr_t key = (uintptr_t)m;
  bool is_new;
  u8 id = known_methods->find_or_insert(jt, &key, 1, &is_new);
  if (is_new) {
    u8 holder_id = LockStatCallChains::class_id(tl, m->method_holder());
    write_method(tl, m, id, holder_id);
  }
  return id;
}

// A chain seen for the first time: its Java frames (inlining decoded only now) and their metadata.
// Metadata first, so that a reader meeting this buffer alone can resolve the chain; other threads'
// events may use the id earlier in the file, which readers resolve when the metadata arrives.
static void write_new_chain(JavaThread* jt, LockStatThreadLocal* tl, u8 id, int physical) {
  LockStatFrame frames[LockStatStackWalk::max_depth];
  u8 method_ids[LockStatStackWalk::max_depth];
  int depth = LockStatStackWalk::walk(jt, frames, LockStatStackWalk::max_depth, physical);
  for (int i = 0; i < depth; i++) {
    method_ids[i] = method_id(jt, tl, frames[i].method);
  }
  write_chain(tl, id, frames, method_ids, depth);
}

u8 LockStatCallChains::current_chain(JavaThread* jt, LockStatThreadLocal* tl) {
  if (!TraceLockContentionCallChains) {
    return 0;   // attribution to threads and locks only: no walk, no chain metadata
  }
  LockStatChainCounters* counters = tl->chain_counters();
  counters->walks++;
  LockStatTopFrame top;
  if (!LockStatStackWalk::top_frame(jt, &top)) {
    return 0;
  }
  // Read before the walk: a purge during it leaves the cache entry made from it unmatched.
  const uint epoch = Atomic::load_acquire(&chain_epoch);
  LockStatChainCache* cache = tl->chain_cache();
  if (cache_holds(cache, top, epoch) && LockStatFrameMarks::may_mark(jt)) {
    counters->reused++;
    counters->frames_saved += (u8)cache->frames;
    return cache->id;
  }
  // Any walk may place a new mark, possibly on the cached slot after the frame that carried the
  // cached mark returned (an enter's walk, whose top is a runtime stub, marks the frame below it): a
  // standing mark then no longer proves the entry. So the cache only ever holds the latest walk.
  cache->pc = nullptr;
  uintptr_t key[LockStatStackWalk::max_physical * LockStatStackWalk::words_per_frame];
  int saved;
  LockStatReturnSlots slots;
  int physical = LockStatStackWalk::walk_physical(jt, top, key, LockStatStackWalk::max_physical, &saved, &slots);
  counters->frames_walked += (u8)(physical - saved);
  counters->frames_saved += (u8)saved;
  if (physical == 0) {
    return 0;
  }
  bool is_new;
  u8 id = chains->find_or_insert(jt, key, physical * LockStatStackWalk::words_per_frame, &is_new);
  if (!is_new) {
    counters->reused += id != 0 ? 1 : 0;
  } else {
    counters->inserted++;
    write_new_chain(jt, tl, id, physical);
  }
  // The thread's one mark stands on the top frame's return slot or deeper (a walk never marks a second
  // time): cached when it is within the first frames the walk kept the slots of.
  for (int j = 0; id != 0 && top.pc != nullptr && j < slots.count; j++) {
    if (mark_stands(slots.slot[j])) {
      for (int i = 0; i < j; i++) {
        cache->between[i] = slots.slot[i];
        cache->value[i] = *slots.slot[i];
      }
      cache->depth = j;
      cache->bcp_addr = slots.bcp_addr[j];
      cache->bcp = cache->bcp_addr != nullptr ? *cache->bcp_addr : 0;
      cache->sp = top.sp;
      cache->pc = top.pc;
      cache->slot = slots.slot[j];
      cache->id = id;
      cache->frames = physical;
      cache->epoch = epoch;
      break;
    }
  }
  return id;
}

bool LockStatCallChains::still_current(JavaThread* jt, LockStatThreadLocal* tl, u8 chain) {
  LockStatTopFrame top;
  if (chain == 0 || !LockStatStackWalk::top_frame(jt, &top)) {
    return false;
  }
  const LockStatChainCache* cache = tl->chain_cache();
  return cache->id == chain && cache_holds(cache, top, Atomic::load_acquire(&chain_epoch));
}

void LockStatCallChains::forget_all() {
  new_chain_epoch();
  chains->purge_all();
  known_methods->purge_all();
  known_classes->purge_all();
}

size_t LockStatCallChains::chain_count() {
  return chains != nullptr ? chains->entries() : 0;
}

size_t LockStatCallChains::memory_bytes() {
  return chains == nullptr ? 0 : chains->bytes() + known_methods->bytes() + known_classes->bytes();
}

static bool is_unloading(Klass* k) {
  return k->class_loader_data()->is_unloading();
}

// Known classes whose loader is being unloaded die; their loaders are remembered for LOADER_UNLOAD.
struct LockStatUnloadingLoaders {
  ClassLoaderData* loaders[64];
  int count;
  LockStatUnloadingLoaders() : count(0) {}
  void add(ClassLoaderData* cld) {
    for (int i = 0; i < count; i++) {
      if (loaders[i] == cld) return;
    }
    if (count < 64) loaders[count++] = cld;
  }
};

static bool class_dies(const LockStatKeySet::Entry* e, void* context) {
  Klass* k = (Klass*)e->key()[0];
  if (!is_unloading(k)) {
    return false;
  }
  ((LockStatUnloadingLoaders*)context)->add(k->class_loader_data());
  return true;
}

static bool method_dies(const LockStatKeySet::Entry* e, void*) {
  return is_unloading(((Method*)e->key()[0])->method_holder());
}

// A chain through a method of an unloading class.
static bool chain_dies_with_classes(const LockStatKeySet::Entry* e, void*) {
  const int w = LockStatStackWalk::words_per_frame;
  for (int i = 0; i < e->length(); i += w) {
    if (is_unloading(LockStatStackWalk::key_method(e->key() + i)->method_holder())) {
      return true;
    }
  }
  return false;
}

// A chain through a pc of compiled code about to be freed: another nmethod may later be placed at
// the same address, and the pc would then mean other frames. ranges: sorted [begin, end) pairs.
struct LockStatCodeRanges : public CHeapObj<mtTracing> {
  GrowableArrayCHeap<address, mtTracing> bounds;
  bool contains(address pc) const {
    int lo = 0, hi = bounds.length() / 2 - 1;
    while (lo <= hi) {
      int mid = (lo + hi) / 2;
      if (pc < bounds.at(2 * mid)) {
        hi = mid - 1;
      } else if (pc >= bounds.at(2 * mid + 1)) {
        lo = mid + 1;
      } else {
        return true;
      }
    }
    return false;
  }
};

static bool chain_dies_with_code(const LockStatKeySet::Entry* e, void* context) {
  const LockStatCodeRanges* ranges = (const LockStatCodeRanges*)context;
  const int w = LockStatStackWalk::words_per_frame;
  for (int i = 0; i < e->length(); i += w) {
    address pc = LockStatStackWalk::key_pc(e->key() + i);
    if (pc != nullptr && ranges->contains(pc)) {
      return true;
    }
  }
  return false;
}

// Purge events go to a buffer of their own (writer 0, like the shared metadata buffer): the thread
// that unloads classes is usually a GC thread without a trace buffer.
class LockStatPurgeEventWriter {
  LockStatBuffer* _buffer;
 public:
  LockStatPurgeEventWriter() : _buffer(nullptr) {}
  ~LockStatPurgeEventWriter() {
    if (_buffer != nullptr) {
      LockStatBuffers::enqueue_full(_buffer);
    }
  }
  void write_chain_purge(u8 chain) {
    if (room(lockstat_chain_purge_max_size)) {
      LockStatEventWriter w(_buffer);
      lockstat_write_chain_purge(w, LockStatClock::now(), chain);
      w.commit();
    }
  }
  void write_loader_unload(u8 loader) {
    if (room(lockstat_loader_unload_max_size)) {
      LockStatEventWriter w(_buffer);
      lockstat_write_loader_unload(w, LockStatClock::now(), loader);
      w.commit();
    }
  }

 private:
  // Whether the buffer has room for size bytes, after taking a new one if needed.
  bool room(size_t size) {
    if (_buffer != nullptr && !_buffer->has_room(size)) {
      LockStatBuffers::enqueue_full(_buffer);
      _buffer = nullptr;
    }
    if (_buffer == nullptr) {
      _buffer = LockStatBuffers::acquire(0, 8 * K);   // null: out of memory, counted as lost by the pool
    }
    return _buffer != nullptr;
  }
};

static void write_purges(const GrowableArrayCHeap<u8, mtTracing>& purged_chains, const LockStatUnloadingLoaders* loaders) {
  if (!LockStat::is_active()) {
    return;
  }
  LockStatPurgeEventWriter w;
  for (int i = 0; i < purged_chains.length(); i++) {
    w.write_chain_purge(purged_chains.at(i));
  }
  for (int i = 0; loaders != nullptr && i < loaders->count; i++) {
    w.write_loader_unload((u8)(uintptr_t)loaders->loaders[i]);
  }
}

void LockStatCallChains::on_classes_unloading() {
  if (chains == nullptr) {
    return;   // tracing never started
  }
  // Chains that name a method of an unloading class: their Method* memory is freed (and may be
  // reused) once unloading completes, so they and the known marks must go now (paper 3.4).
  new_chain_epoch();
  GrowableArrayCHeap<u8, mtTracing> purged_chains;
  LockStatUnloadingLoaders loaders;
  chains->purge(chain_dies_with_classes, nullptr, &purged_chains);
  known_methods->purge(method_dies, nullptr, nullptr);
  known_classes->purge(class_dies, &loaders, nullptr);
  write_purges(purged_chains, &loaders);
}

void LockStatCodePurge::add(nmethod* nm) {
  new_chain_epoch();   // before the code can be reused: a cached pc may lie in it
  if (chains == nullptr || chains->entries() == 0) {
    return;
  }
  if (_ranges == nullptr) {
    _ranges = new LockStatCodeRanges();
  }
  LockStatCodeRanges* r = (LockStatCodeRanges*)_ranges;
  r->bounds.append(nm->code_begin());
  r->bounds.append(nm->code_end());
}

static int compare_ranges(address* a, address* b) {
  return *a < *b ? -1 : (*a > *b ? 1 : 0);
}

LockStatCodePurge::~LockStatCodePurge() {
  LockStatCodeRanges* r = (LockStatCodeRanges*)_ranges;
  if (r == nullptr) {
    return;
  }
  // Sort the pairs by their begin: disjoint ranges, so sorting all bounds keeps pairs together.
  r->bounds.sort(compare_ranges);
  GrowableArrayCHeap<u8, mtTracing> purged_chains;
  chains->purge(chain_dies_with_code, r, &purged_chains);
  write_purges(purged_chains, nullptr);
  delete r;
}

static int compare_word(const uintptr_t& a, const uintptr_t& b) {
  return a < b ? -1 : (a > b ? 1 : 0);
}

struct LockStatMethodSet : public CHeapObj<mtTracing> {
  GrowableArrayCHeap<uintptr_t, mtTracing> sorted;
  bool contains(uintptr_t m) const {
    bool found;
    sorted.find_sorted<uintptr_t, compare_word>(m, found);
    return found;
  }
};

static bool chain_dies_with_methods(const LockStatKeySet::Entry* e, void* context) {
  const LockStatMethodSet* set = (const LockStatMethodSet*)context;
  const int w = LockStatStackWalk::words_per_frame;
  for (int i = 0; i < e->length(); i += w) {
    if (set->contains((uintptr_t)LockStatStackWalk::key_method(e->key() + i))) {
      return true;
    }
  }
  return false;
}

static bool known_method_dies(const LockStatKeySet::Entry* e, void* context) {
  return ((const LockStatMethodSet*)context)->contains(e->key()[0]);
}

static int compare_words(uintptr_t* a, uintptr_t* b) {
  return compare_word(*a, *b);
}

void LockStatMethodPurge::add(Method* m) {
  new_chain_epoch();
  if (chains == nullptr) {
    return;   // tracing never started
  }
  if (_methods == nullptr) {
    _methods = new LockStatMethodSet();
  }
  ((LockStatMethodSet*)_methods)->sorted.append((uintptr_t)m);
}

void LockStatMethodPurge::add_methods_of(InstanceKlass* ik) {
  Array<Method*>* methods = ik->methods();
  for (int i = 0; methods != nullptr && i < methods->length(); i++) {
    add(methods->at(i));
  }
}

LockStatMethodPurge::~LockStatMethodPurge() {
  LockStatMethodSet* set = (LockStatMethodSet*)_methods;
  if (set == nullptr) {
    return;
  }
  set->sorted.sort(compare_words);
  GrowableArrayCHeap<u8, mtTracing> purged_chains;
  chains->purge(chain_dies_with_methods, set, &purged_chains);
  known_methods->purge(known_method_dies, set, nullptr);
  write_purges(purged_chains, nullptr);
  delete set;
}
