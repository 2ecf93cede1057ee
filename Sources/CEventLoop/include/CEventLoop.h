#ifndef CEVENTLOOP_H
#define CEVENTLOOP_H
// Platform event APIs that Swift's Glibc module does not expose (epoll, eventfd).
#if defined(__linux__)
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/timerfd.h>
#include <sys/uio.h>
static const unsigned int cel_EPOLLIN = EPOLLIN;
static const unsigned int cel_EPOLLOUT = EPOLLOUT;
static const unsigned int cel_EPOLLERR = EPOLLERR;
static const unsigned int cel_EPOLLHUP = EPOLLHUP;
static const unsigned int cel_EPOLLRDHUP = EPOLLRDHUP;
static const unsigned int cel_EPOLLET = EPOLLET;
static const unsigned int cel_EPOLLONESHOT = EPOLLONESHOT;
static const unsigned int cel_EPOLLEXCLUSIVE = EPOLLEXCLUSIVE;
#endif
#endif
