//! A socket whose writes may stall for a limited time only: a client that sends
//! requests (pipelined) but never reads the answers fills the socket's send buffer,
//! and hyper then waits on the write for ever, holding the connection's slot (a
//! stop-43 tester held 256 connections 60 s and more this way; the header timeout
//! never fired, as no head was awaited). A write or flush pending longer than the
//! deadline fails with `TimedOut` and the connection closes.

use std::future::Future;
use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::time::Sleep;

/// `S` with a deadline on stalled writes.
pub struct WriteDeadline<S> {
    inner: S,
    limit: Duration,
    /// Running while a write or flush is pending; reset by any progress.
    stalled: Option<Pin<Box<Sleep>>>,
}

impl<S> WriteDeadline<S> {
    /// Wraps `inner`: a write pending for longer than `limit` fails.
    pub fn new(inner: S, limit: Duration) -> Self {
        WriteDeadline { inner, limit, stalled: None }
    }

    /// Pending: start (or check) the stall clock; Ready: stop it.
    fn watch<T>(&mut self, cx: &mut Context<'_>, r: Poll<io::Result<T>>) -> Poll<io::Result<T>> {
        if r.is_ready() {
            self.stalled = None;
            return r;
        }
        let limit = self.limit;
        let clock = self.stalled.get_or_insert_with(|| Box::pin(tokio::time::sleep(limit)));
        if clock.as_mut().poll(cx).is_ready() {
            self.stalled = None;
            return Poll::Ready(Err(io::Error::new(io::ErrorKind::TimedOut, "the client read nothing for the write deadline")));
        }
        Poll::Pending
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for WriteDeadline<S> {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for WriteDeadline<S> {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        let r = Pin::new(&mut self.inner).poll_write(cx, buf);
        self.watch(cx, r)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let r = Pin::new(&mut self.inner).poll_flush(cx);
        self.watch(cx, r)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }

    fn poll_write_vectored(mut self: Pin<&mut Self>, cx: &mut Context<'_>, bufs: &[io::IoSlice<'_>]) -> Poll<io::Result<usize>> {
        let r = Pin::new(&mut self.inner).poll_write_vectored(cx, bufs);
        self.watch(cx, r)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::AsyncWriteExt;

    /// A peer that never reads: the writes stall once the pipe is full, and fail at
    /// the deadline instead of waiting for ever.
    #[tokio::test(start_paused = true)]
    async fn a_write_the_peer_never_reads_fails_at_the_deadline() {
        let (a, _b) = tokio::io::duplex(1024);
        let mut w = WriteDeadline::new(a, Duration::from_secs(10));
        let e = w.write_all(&vec![0_u8; 1 << 20]).await.expect_err("stalled");
        assert_eq!(e.kind(), io::ErrorKind::TimedOut);
        // A reader that keeps up is never cut.
        let (a, mut b) = tokio::io::duplex(1024);
        let reader = tokio::spawn(async move { tokio::io::copy(&mut b, &mut tokio::io::sink()).await });
        let mut w = WriteDeadline::new(a, Duration::from_secs(10));
        w.write_all(&vec![0_u8; 1 << 20]).await.expect("read as written");
        drop(w);
        assert_eq!(reader.await.expect("joined").expect("copied"), 1 << 20);
    }
}
