// windows.h for building Carbon's Gomocup brain on Linux: the few Win32
// calls its pipe skeleton (pisqpipe.cpp) and timer use, on POSIX threads.
#pragma once
#include <pthread.h>
#include <strings.h>
#include <time.h>

typedef unsigned int DWORD; // 32 bits, as on Windows
typedef void *LPVOID;
typedef struct win_event *HANDLE;
typedef void *HWND;
#define WINAPI
#define INFINITE 0xFFFFFFFFu
#define FALSE 0
#define TRUE 1
#define STD_INPUT_HANDLE ((DWORD)-10)
#define _stricmp strcasecmp
#define _strnicmp strncasecmp
#define UInt32x32To64(a, b) ((unsigned long long)(unsigned)(a) * (unsigned)(b))
#define __max(a, b) ((a) > (b) ? (a) : (b))
#define __min(a, b) ((a) < (b) ? (a) : (b))

struct win_event {
	pthread_mutex_t mu;
	pthread_cond_t cv;
	int manual, set;
};

static inline HANDLE CreateEvent(void *, int manual, int initial, void *) {
	HANDLE e = new win_event;
	pthread_mutex_init(&e->mu, 0);
	pthread_cond_init(&e->cv, 0);
	e->manual = manual;
	e->set = initial;
	return e;
}
static inline int SetEvent(HANDLE e) {
	pthread_mutex_lock(&e->mu);
	e->set = 1;
	pthread_cond_broadcast(&e->cv);
	pthread_mutex_unlock(&e->mu);
	return 1;
}
static inline int ResetEvent(HANDLE e) {
	pthread_mutex_lock(&e->mu);
	e->set = 0;
	pthread_mutex_unlock(&e->mu);
	return 1;
}
static inline DWORD WaitForSingleObject(HANDLE e, DWORD) {
	pthread_mutex_lock(&e->mu);
	while (!e->set)
		pthread_cond_wait(&e->cv, &e->mu);
	if (!e->manual)
		e->set = 0;
	pthread_mutex_unlock(&e->mu);
	return 0;
}

typedef DWORD (*win_thread_fn)(LPVOID);
struct win_thread_arg {
	win_thread_fn fn;
	LPVOID arg;
};
static inline void *win_thread_start(void *p) {
	win_thread_arg a = *(win_thread_arg *)p;
	delete (win_thread_arg *)p;
	a.fn(a.arg);
	return 0;
}
static inline HANDLE CreateThread(void *, int, win_thread_fn fn, LPVOID arg, int, DWORD *) {
	pthread_t t;
	pthread_create(&t, 0, win_thread_start, new win_thread_arg{fn, arg});
	pthread_detach(t);
	return 0;
}

static inline DWORD GetTickCount() {
	timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (DWORD)(ts.tv_sec * 1000 + ts.tv_nsec / 1000000);
}
// No console on a pipe: pisqpipe then skips its "run me from a manager" hint.
static inline HANDLE GetStdHandle(DWORD) { return 0; }
static inline int GetConsoleMode(HANDLE, DWORD *) { return 0; }
