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


#include "classfile/classLoaderDataGraph.hpp"
#include "classfile/javaClasses.inline.hpp"
#include "classfile/vmClasses.hpp"
#include "gc/shared/collectedHeap.hpp"
#include "gc/shared/oopStorageSet.inline.hpp"
#include "lockstat/names/lockStatReferenceSearch.hpp"
#include "memory/iterator.inline.hpp"
#include "memory/resourceArea.hpp"
#include "memory/universe.hpp"
#include "oops/access.inline.hpp"
#include "oops/constMethod.hpp"
#include "oops/fieldStreams.inline.hpp"
#include "oops/instanceKlass.hpp"
#include "oops/markWord.hpp"
#include "oops/method.hpp"
#include "oops/objArrayOop.inline.hpp"
#include "oops/oop.inline.hpp"
#include "runtime/fieldDescriptor.inline.hpp"
#include "runtime/handles.inline.hpp"
#include "runtime/javaThread.inline.hpp"
#include "runtime/os.hpp"
#include "runtime/safepoint.hpp"
#include "runtime/stackValue.hpp"
#include "runtime/stackValueCollection.hpp"
#include "runtime/threadSMR.hpp"
#include "runtime/vframe.inline.hpp"
#include "utilities/objectBitSet.inline.hpp"
#include "utilities/ostream.hpp"

static const uintptr_t granule_shift = 26;   // ObjectBitSet's fragments cover 64 MB each
static const int granule_slots = 8192;       // 512 GB of heap; beyond that the memory figure is low

LockStatReferenceSearch::LockStatReferenceSearch(Target* targets, int count, int max_nodes, jlong deadline,
                                                 bool show_keys) :
  _targets(targets), _show_keys(show_keys), _target_count(count), _found(0), _nodes(nullptr), _nodes_bytes(0), _node_count(0),
  _roots(1024), _thread_names(64), _granule_set(NEW_C_HEAP_ARRAY(uintptr_t, granule_slots, mtTracing)), _last_granule(0), _granules(0),
  _max_nodes(max_nodes), _deadline(deadline), _outcome(COMPLETE), _cursor(0) {
  memset(_klass_filter, 0, sizeof(_klass_filter));
  for (int i = 0; i < count; i++) {
    _targets[i].node = -1;
    _klass_filter[((uintptr_t)_targets[i].klass >> 6) & 255] = 1;
  }
  memset(_granule_set, 0, sizeof(uintptr_t) * granule_slots);
  _nodes_bytes = align_up((size_t)MAX2(max_nodes, 1) * sizeof(Node), os::vm_allocation_granularity());
  char* nodes = os::reserve_memory(_nodes_bytes, mtTracing);
  if (nodes != nullptr && !os::commit_memory(nodes, _nodes_bytes, !ExecMem)) {
    os::release_memory(nodes, _nodes_bytes);
    nodes = nullptr;
  }
  _nodes = (Node*)nodes;
  if (_nodes == nullptr) {
    _max_nodes = 0;   // no memory for the search: it ends at once, at its memory limit
  }
}

LockStatReferenceSearch::~LockStatReferenceSearch() {
  for (int i = 0; i < _thread_names.length(); i++) {
    os::free(_thread_names.at(i));
  }
  FREE_C_HEAP_ARRAY(uintptr_t, _granule_set);
  if (_nodes != nullptr) {
    os::release_memory((char*)_nodes, _nodes_bytes);
  }
}

size_t LockStatReferenceSearch::memory_bytes() const {
  return align_up((size_t)_node_count * sizeof(Node), os::vm_page_size()) + (size_t)_roots.capacity() * sizeof(Root)
         + (size_t)_granules * (((size_t)1 << granule_shift) / MinObjAlignmentInBytes / BitsPerByte)
         + sizeof(uintptr_t) * granule_slots;
}

void LockStatReferenceSearch::count_granule(uintptr_t granule) {
  for (int i = 0; i < 64; i++) {
    uintptr_t* slot = &_granule_set[(granule * 0x9E3779B1u + i) & (granule_slots - 1)];
    if (*slot == granule) {
      return;
    }
    if (*slot == 0) {
      *slot = granule;
      _granules++;
      return;
    }
  }
}

// The identity hash in obj's header, wherever the header is now (an inflated monitor, a stack lock);
// never installs one.
static u4 identity_hash_at_safepoint(oop obj) {
  markWord m = obj->mark();
  if (m.has_displaced_mark_helper()) {
    m = m.displaced_mark_helper();
  }
  return (u4)m.hash();
}

void LockStatReferenceSearch::check_target(oop obj, int node) {
  Klass* k = obj->klass();
  if (!is_target_class(k)) {
    return;
  }
  u4 hash = identity_hash_at_safepoint(obj);
  for (int i = 0; i < _target_count; i++) {
    Target* t = &_targets[i];
    if (t->node < 0 && t->klass == k && t->hash == hash) {
      t->node = node;
      _found++;
    }
  }
}

bool LockStatReferenceSearch::add(oop obj, int parent, int slot) {
  if (obj == nullptr || _marks.is_marked(obj)) {
    return false;
  }
  if (_node_count >= _max_nodes) {
    _outcome = MEMORY_LIMIT;
    return false;
  }
  _marks.mark_obj(obj);
  uintptr_t granule = cast_from_oop<uintptr_t>(obj) >> granule_shift;   // never 0: the heap is above 64 MB
  if (granule != _last_granule) {
    _last_granule = granule;
    count_granule(granule);
  }
  Node* n = &_nodes[_node_count++];
  n->obj = obj;
  n->parent = parent;
  n->slot = slot;
  check_target(obj, _node_count - 1);
  return true;
}

int LockStatReferenceSearch::add_root(const Root& root) {
  _roots.append(root);
  return _roots.length() - 1;
}

// An object's references, to the search: each one with where it is (field offset or array index).
class LockStatFollowClosure : public BasicOopIterateClosure {
  LockStatReferenceSearch* _search;
  int _parent;
  address _base;
  bool _array;
  template <typename T> void follow(T* p) {
    oop o = HeapAccess<AS_NO_KEEPALIVE>::oop_load(p);
    if (o == nullptr) {
      return;
    }
    int slot = _array ? (int)(((address)p - _base) / sizeof(T)) : (int)((address)p - _base);
    _search->add(o, _parent, slot);
  }
 public:
  LockStatFollowClosure(LockStatReferenceSearch* search) :
    _search(search), _parent(-1), _base(nullptr), _array(false) {}
  void set(oop obj, int parent) {
    _parent = parent;
    _array = obj->is_objArray();
    _base = _array ? (address)objArrayOop(obj)->base() : cast_from_oop<address>(obj);
  }
  virtual void do_oop(oop* p)       { follow(p); }
  virtual void do_oop(narrowOop* p) { follow(p); }
  // A lock that only a weak reference reaches is not named by it.
  virtual ReferenceIterationMode reference_iteration_mode() { return DO_FIELDS_EXCEPT_REFERENT; }
};

void LockStatReferenceSearch::follow() {
  LockStatFollowClosure cl(this);
  while (_cursor < _node_count && !done()) {
    if ((_cursor & 4095) == 0 && os::javaTimeNanos() > _deadline) {
      _outcome = TIME_LIMIT;
      return;
    }
    oop obj = _nodes[_cursor].obj;
    cl.set(obj, _cursor);
    obj->oop_iterate(&cl);
    _cursor++;
  }
}

// Static fields: every loaded class's mirror is a root; its static fields are its references.
class LockStatStaticRoots : public KlassClosure {
  LockStatReferenceSearch* _search;
 public:
  LockStatStaticRoots(LockStatReferenceSearch* search) : _search(search) {}
  void do_klass(Klass* k) {
    if (!k->is_instance_klass() || !InstanceKlass::cast(k)->is_loaded()) {
      return;
    }
    oop mirror = k->java_mirror_no_keepalive();
    if (mirror == nullptr) {
      return;
    }
    LockStatReferenceSearch::Root r = { LockStatReferenceSearch::STATIC, false, -1, nullptr, 0, 0, k };
    _search->add(mirror, -1, _search->add_root(r));
  }
};

void LockStatReferenceSearch::add_static_roots() {
  LockStatStaticRoots roots(this);
  ClassLoaderDataGraph::classes_do(&roots);
}

static void add_value_roots(LockStatReferenceSearch* search, StackValueCollection* values,
                            LockStatReferenceSearch::Root* r) {
  for (int i = 0; i < values->size(); i++) {
    StackValue* v = values->at(i);
    if (v->type() != T_OBJECT || v->obj_is_scalar_replaced()) {
      continue;
    }
    oop o = v->get_obj()();
    if (o != nullptr) {
      r->local = i;
      search->add(o, -1, search->add_root(*r));
    }
  }
}

void LockStatReferenceSearch::add_frame_roots(JavaThread* jt, int thread_index) {
  if (!jt->has_last_Java_frame()) {
    return;
  }
  ResourceMark rm;
  HandleMark hm(Thread::current());
  RegisterMap map(jt, RegisterMap::UpdateMap::include, RegisterMap::ProcessFrames::include,
                  RegisterMap::WalkContinuation::skip);
  int depth = 0;
  for (javaVFrame* vf = jt->last_java_vframe(&map); vf != nullptr && depth < 1024; vf = vf->java_sender(), depth++) {
    Root r = { LOCAL, false, thread_index, vf->method(), vf->bci(), 0, nullptr };
    add_value_roots(this, vf->locals(), &r);
    r.expression = true;
    add_value_roots(this, vf->expressions(), &r);
  }
}

static char* thread_name_of(JavaThread* jt) {
  ResourceMark rm;
  oop t = jt->is_vthread_mounted() ? jt->vthread() : jt->threadObj();
  const char* name = nullptr;
  if (t != nullptr) {
    oop n = java_lang_Thread::name(t);
    name = n != nullptr ? java_lang_String::as_utf8_string(n) : nullptr;
  }
  return os::strdup(name != nullptr ? name : jt->name(), mtTracing);
}

// Threads' frames first, all of them, then the thread objects: a lock a thread holds in a local is
// named by the local, not by a path from a Thread object.
void LockStatReferenceSearch::add_thread_roots() {
  ResourceMark rm;
  GrowableArray<JavaThread*> threads;   // thread i's name is _thread_names[first + i]
  const int first = _thread_names.length();
  for (JavaThreadIteratorWithHandle it; JavaThread* jt = it.next(); ) {
    if (!jt->is_exiting() && jt->threadObj() != nullptr) {
      threads.append(jt);
      _thread_names.append(thread_name_of(jt));
    }
  }
  for (int i = 0; i < threads.length(); i++) {
    add_frame_roots(threads.at(i), first + i);
  }
  for (int i = 0; i < threads.length(); i++) {
    JavaThread* jt = threads.at(i);
    Root r = { THREAD, false, first + i, nullptr, 0, 0, nullptr };
    int root = add_root(r);
    add(jt->threadObj(), -1, root);
    if (jt->is_vthread_mounted()) {
      add(jt->vthread(), -1, root);
    }
  }
}

class LockStatGlobalRoots : public OopClosure {
  LockStatReferenceSearch* _search;
  int _root;
 public:
  LockStatGlobalRoots(LockStatReferenceSearch* search, int root) : _search(search), _root(root) {}
  void do_oop(oop* p) {
    _search->add(NativeAccess<AS_NO_KEEPALIVE>::oop_load(p), -1, _root);
  }
  void do_oop(narrowOop* p) { ShouldNotReachHere(); }
};

void LockStatReferenceSearch::add_global_roots() {
  Root r = { GLOBAL, false, -1, nullptr, 0, 0, nullptr };
  LockStatGlobalRoots roots(this, add_root(r));
  OopStorageSet::strong_oops_do(&roots);
}

void LockStatReferenceSearch::run() {
  assert(SafepointSynchronize::is_at_safepoint(), "the heap must not change");
  Universe::heap()->ensure_parsability(false);
  add_static_roots();
  follow();
  if (!done()) {
    add_thread_roots();
    follow();
  }
  if (!done()) {
    add_global_roots();
    follow();
  }
}

// Class names without their package: paths read as code does.
static void print_simple_name(const Klass* k, outputStream* out) {
  ResourceMark rm;
  const char* name = k->external_name();
  const char* dot = strrchr(name, '.');
  out->print("%s", dot != nullptr ? dot + 1 : name);
}

// The field at offset in an object of class k: an instance field of k or a superclass, or with is_static
// one of k's own static fields (a mirror holds its class's statics only).
static bool field_at(InstanceKlass* k, int offset, bool is_static, fieldDescriptor* fd) {
  return is_static ? k->find_local_field_from_offset(offset, true, fd) : k->find_field_from_offset(offset, false, fd);
}

// One reference along a path: the field (of the declaring class) or the array element it is in.
void LockStatReferenceSearch::print_step(const Node& n, outputStream* out) const {
  oop parent = _nodes[n.parent].obj;
  Klass* pk = parent->klass();
  if (pk->is_objArray_klass()) {
    out->print("[%d]", n.slot);
    return;
  }
  if (pk->is_instance_klass()) {
    fieldDescriptor fd;
    bool found = false, is_static = false;
    if (java_lang_Class::is_instance(parent)) {
      Klass* mirrored = java_lang_Class::as_Klass(parent);
      is_static = found = mirrored != nullptr && mirrored->is_instance_klass()
                          && field_at(InstanceKlass::cast(mirrored), n.slot, true, &fd);
    }
    if (found || field_at(InstanceKlass::cast(pk), n.slot, false, &fd)) {
      ResourceMark rm;
      out->print("%s", is_static ? "static " : "");
      print_simple_name(fd.field_holder(), out);
      out->print(".%s", fd.name()->as_C_string());
      return;
    }
    if (pk->is_stack_chunk_instance_klass()) {
      out->print("frame of an unmounted virtual thread");
      return;
    }
  }
  print_simple_name(pk, out);
  out->print("@%d", n.slot);
}

// A local variable's name from the method's LocalVariableTable, when it was compiled with one.
static Symbol* local_name(Method* m, int slot, int bci) {
  if (!m->has_localvariable_table()) {
    return nullptr;
  }
  LocalVariableTableElement* table = m->localvariable_table_start();
  for (int i = 0; i < m->localvariable_table_length(); i++) {
    LocalVariableTableElement* e = &table[i];
    if (e->slot == slot && bci >= e->start_bci && bci <= e->start_bci + e->length) {
      return m->constants()->symbol_at(e->name_cp_index);
    }
  }
  return nullptr;
}

void LockStatReferenceSearch::print_root(const Node& n, outputStream* out) const {
  const Root& r = _roots.at(n.slot);
  switch (r.kind) {
    case STATIC:
      out->print("class ");
      print_simple_name(r.klass, out);
      break;
    case LOCAL: {
      ResourceMark rm;
      out->print("thread \"%s\" ", _thread_names.at(r.thread));
      Method* m = r.method;
      if (r.expression) {
        out->print("operand in ");
      } else if (r.local == 0 && !m->is_static()) {
        out->print(m->is_synchronized() ? "this of synchronized " : "this in ");
      } else {
        Symbol* name = local_name(m, r.local, r.bci);
        if (name != nullptr) {
          out->print("local %s in ", name->as_C_string());
        } else {
          out->print("local #%d in ", r.local);
        }
      }
      print_simple_name(m->method_holder(), out);
      out->print(".%s", m->name()->as_C_string());
      break;
    }
    case THREAD:
      out->print("thread \"%s\"", _thread_names.at(r.thread));
      break;
    default:
      out->print("global handle");
      break;
  }
}

// Whether the instance field of obj at offset has that name.
static bool field_is(oop obj, int offset, const char* name) {
  fieldDescriptor fd;
  return obj->klass()->is_instance_klass() && field_at(InstanceKlass::cast(obj->klass()), offset, false, &fd)
         && fd.name()->equals(name);
}

// Whether k is, or extends, one of the classes named (internal names).
static bool extends_any(Klass* k, const char* const* names) {
  for (Klass* s = k; s != nullptr; s = s->super()) {
    for (const char* const* n = names; *n != nullptr; n++) {
      if (s->name()->equals(*n)) {
        return true;
      }
    }
  }
  return false;
}

static const char* const hash_maps[] = { "java/util/HashMap", "java/util/Hashtable",
                                         "java/util/concurrent/ConcurrentHashMap", nullptr };
static const char* const array_lists[] = { "java/util/ArrayList", "java/util/Vector", nullptr };

// The reference in obj's instance field of that name (declared by its class or a superclass).
static oop field_named(oop obj, const char* name) {
  for (InstanceKlass* ik = InstanceKlass::cast(obj->klass()); ik != nullptr; ik = ik->java_super()) {
    for (JavaFieldStream fs(ik); !fs.done(); fs.next()) {
      if (!fs.access_flags().is_static() && fs.name()->equals(name)) {
        return obj->obj_field(fs.offset());
      }
    }
  }
  return nullptr;
}

// A map entry's key as an index: [String] (its class), or with show_keys its value for strings and boxed
// integers (["orders"], [42]); other keys by class. Off by default: a trace holds no heap contents.
static void print_key(oop entry, bool show_keys, outputStream* out) {
  oop key = field_named(entry, "key");
  if (key != nullptr && !show_keys) {
    out->print("[");
    print_simple_name(key->klass(), out);
    out->print("]");
    return;
  }
  if (key == nullptr) {
    out->print("[null]");
  } else if (java_lang_String::is_instance(key)) {
    ResourceMark rm;
    const char* text = java_lang_String::as_utf8_string(key);
    out->print("[\"%.40s%s\"]", text, strlen(text) > 40 ? "..." : "");
  } else if (key->klass() == vmClasses::Integer_klass()) {
    out->print("[%d]", key->int_field(java_lang_boxing_object::value_offset(T_INT)));
  } else if (key->klass() == vmClasses::Long_klass()) {
    out->print("[" JLONG_FORMAT "]", key->long_field(java_lang_boxing_object::value_offset(T_LONG)));
  } else {
    out->print("[");
    print_simple_name(key->klass(), out);
    out->print("]");
  }
}

// How many of the steps from path[k] on (towards the target) read as one index into a collection: a map's
// entry (table -> [i] -> (next ->)* value) as [key], a list's element (elementData -> [i]) as [i]; 0: none.
int LockStatReferenceSearch::print_collection_step(const GrowableArray<int>& path, int k, outputStream* out) const {
  const Node& n = _nodes[path.at(k)];
  oop holder = _nodes[n.parent].obj;
  if (k < 1) {
    return 0;
  }
  if (extends_any(holder->klass(), array_lists) && field_is(holder, n.slot, "elementData")) {
    out->print("[%d]", _nodes[path.at(k - 1)].slot);
    return 2;
  }
  if (!extends_any(holder->klass(), hash_maps) || !field_is(holder, n.slot, "table")) {
    return 0;
  }
  int m = k - 2;   // path[k - 1] is the bucket's first entry
  while (m >= 0) {
    const Node& step = _nodes[path.at(m)];
    oop entry = _nodes[step.parent].obj;
    if (field_is(entry, step.slot, "next") || field_is(entry, step.slot, "left") || field_is(entry, step.slot, "right")) {
      m--;
      continue;
    }
    if (field_is(entry, step.slot, "value") || field_is(entry, step.slot, "val")) {
      print_key(entry, _show_keys, out);
      return k - m + 1;
    }
    return 0;
  }
  return 0;
}

bool LockStatReferenceSearch::describe(int i, outputStream* out, int max_steps, u1* root_kind, int* depth) const {
  int node = _targets[i].node;
  if (node < 0) {
    return false;
  }
  ResourceMark rm;
  GrowableArray<int> path(16);
  for (int at = node; at >= 0; at = _nodes[at].parent) {
    path.append(at);
  }
  const int length = path.length();
  const Node& root = _nodes[path.at(length - 1)];
  *root_kind = _roots.at(root.slot).kind;
  *depth = length - 1;
  // The steps' texts, root first. A static field's root reads best as the field itself
  // ("static Inventory.LOCK", not "class Inventory -> ...").
  GrowableArray<const char*> steps(16);
  int k = length - 2;
  {
    stringStream first;
    if (*root_kind != STATIC || length == 1) {
      print_root(root, &first);
    } else {
      print_step(_nodes[path.at(k--)], &first);
    }
    steps.append(first.as_string());
  }
  while (k >= 0) {
    stringStream step;
    int consumed = print_collection_step(path, k, &step);
    if (consumed == 0) {
      print_step(_nodes[path.at(k)], &step);
      consumed = 1;
    }
    steps.append(step.as_string());
    k -= consumed;
  }
  // A java.util.concurrent lock's queue (the blocker that parks name) reads as the lock that holds it:
  // "Ledger.lock", not "Ledger.lock -> ReentrantLock.sync" (also Semaphore, CountDownLatch, ...).
  int count = steps.length();
  if (count > 1 && length > 1) {
    const Node& last = _nodes[path.at(0)];
    oop holder = _nodes[last.parent].obj;
    if (holder->klass()->name()->starts_with("java/util/concurrent/") && field_is(holder, last.slot, "sync")) {
      count--;
    }
  }
  // Long paths keep their first two and their last steps; an index joins the step before it.
  for (int s = 0; s < count; s++) {
    if (count > max_steps && s >= 2 && s < count - (max_steps - 2)) {
      if (s == 2) {
        out->print(" -> ...");
      }
      continue;
    }
    const char* text = steps.at(s);
    out->print("%s%s", s == 0 || text[0] == '[' ? "" : " -> ", text);
  }
  return true;
}
