// ThreadSanitizer builds only (COPYCAT_SANITIZE=thread, see copycat_compiler.cmake): C11 threads
// routed through the pthread functions that GCC 12's TSan runtime intercepts.
//
// librdkafka creates its threads with thrd_create() and locks with mtx_*/cnd_*. glibc implements
// those without calling the exported pthread functions, and GCC 12's libtsan intercepts none of
// them: the runtime then never registers librdkafka's threads, and the first allocation on one
// crashes inside TSan's allocator (SIGSEGV in SizeClassAllocator64LocalCache::Allocate from an
// "rdk:broker" thread). Every TSan-built Copycat binary links this library, whose definitions
// take precedence over glibc's; they call pthread_*, which TSan sees (thread creation and join,
// and librdkafka's mutexes and condition variables as synchronisation).
//
// glibc's mtx_t, cnd_t and thrd_t hold a pthread_mutex_t, pthread_cond_t and pthread_t.

#include <pthread.h>
#include <threads.h>

#include <cerrno>
#include <cstdint>
#include <new>

namespace {

int from_errno(int rc) {
    switch (rc) {
    case 0: return thrd_success;
    case ENOMEM: return thrd_nomem;
    case EBUSY: return thrd_busy;
    case ETIMEDOUT: return thrd_timedout;
    default: return thrd_error;
    }
}

struct start_call {
    thrd_start_t func;
    void* arg;
};

void* trampoline(void* p) {
    const start_call call = *static_cast<start_call*>(p);
    delete static_cast<start_call*>(p);
    return reinterpret_cast<void*>(static_cast<std::intptr_t>(call.func(call.arg)));
}

pthread_mutex_t* native(mtx_t* m) { return reinterpret_cast<pthread_mutex_t*>(m); }
pthread_cond_t* native(cnd_t* c) { return reinterpret_cast<pthread_cond_t*>(c); }

}  // namespace

extern "C" {

int thrd_create(thrd_t* thr, thrd_start_t func, void* arg) {
    auto* call = new (std::nothrow) start_call{func, arg};
    if (call == nullptr) return thrd_nomem;
    const int rc = pthread_create(thr, nullptr, trampoline, call);
    if (rc != 0) delete call;
    return from_errno(rc);
}

int thrd_join(thrd_t thr, int* res) {
    void* out = nullptr;
    const int rc = pthread_join(thr, &out);
    if (rc == 0 && res != nullptr) *res = static_cast<int>(reinterpret_cast<std::intptr_t>(out));
    return from_errno(rc);
}

int thrd_detach(thrd_t thr) { return from_errno(pthread_detach(thr)); }

int mtx_init(mtx_t* m, int type) {
    pthread_mutexattr_t attr;
    pthread_mutexattr_init(&attr);
    if (type & mtx_recursive) pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_RECURSIVE);
    const int rc = pthread_mutex_init(native(m), &attr);
    pthread_mutexattr_destroy(&attr);
    return from_errno(rc);
}

int mtx_lock(mtx_t* m) { return from_errno(pthread_mutex_lock(native(m))); }
int mtx_trylock(mtx_t* m) { return from_errno(pthread_mutex_trylock(native(m))); }
int mtx_timedlock(mtx_t* m, const struct timespec* until) {
    return from_errno(pthread_mutex_timedlock(native(m), until));
}
int mtx_unlock(mtx_t* m) { return from_errno(pthread_mutex_unlock(native(m))); }
void mtx_destroy(mtx_t* m) { pthread_mutex_destroy(native(m)); }

int cnd_init(cnd_t* c) { return from_errno(pthread_cond_init(native(c), nullptr)); }
int cnd_signal(cnd_t* c) { return from_errno(pthread_cond_signal(native(c))); }
int cnd_broadcast(cnd_t* c) { return from_errno(pthread_cond_broadcast(native(c))); }
int cnd_wait(cnd_t* c, mtx_t* m) { return from_errno(pthread_cond_wait(native(c), native(m))); }
int cnd_timedwait(cnd_t* c, mtx_t* m, const struct timespec* until) {
    return from_errno(pthread_cond_timedwait(native(c), native(m), until));
}
void cnd_destroy(cnd_t* c) { pthread_cond_destroy(native(c)); }

}  // extern "C"
