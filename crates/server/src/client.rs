//! A protocol client over tokio-tungstenite: what the load test and the server's tests
//! use to talk to a server as a browser page would (without an Origin, as non-browser
//! clients do, unless one is given).

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use crate::protocol::{ClientMsg, ServerMsg, PROTOCOL_VERSION};

pub struct Client {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
}

/// A message as received: its text (what went over the wire) and its meaning.
pub type Received = (String, ServerMsg);

impl Client {
    /// Connects to `ws://ADDR/ws`.
    pub async fn connect(addr: &str) -> anyhow::Result<Client> {
        Self::connect_with_origin(addr, None).await
    }

    /// Connects sending an `Origin` header (as a browser page would).
    pub async fn connect_with_origin(addr: &str, origin: Option<&str>) -> anyhow::Result<Client> {
        let mut req = format!("ws://{addr}/ws").into_client_request()?;
        if let Some(o) = origin {
            req.headers_mut().insert("Origin", o.parse()?);
        }
        // Frames are a few KiB; tungstenite zeroes its read buffer in chunks of this size.
        let config = tokio_tungstenite::tungstenite::protocol::WebSocketConfig::default().read_buffer_size(16 * 1024);
        let (ws, _) = tokio_tungstenite::connect_async_with_config(req, Some(config), false).await?;
        Ok(Client { ws })
    }

    pub async fn send(&mut self, msg: &ClientMsg) -> anyhow::Result<()> {
        self.send_raw(serde_json::to_string(msg)?).await
    }

    pub async fn send_raw(&mut self, text: String) -> anyhow::Result<()> {
        self.ws.send(Message::Text(text.into())).await?;
        Ok(())
    }

    /// A binary frame (the protocol has none: what an abuser sends).
    pub async fn send_binary(&mut self, bytes: Vec<u8>) -> anyhow::Result<()> {
        self.ws.send(Message::Binary(bytes.into())).await?;
        Ok(())
    }

    pub async fn send_ping(&mut self) -> anyhow::Result<()> {
        self.ws.send(Message::Ping(Default::default())).await?;
        Ok(())
    }

    /// The next message, or `None` when the server closed the connection. Fails after
    /// `timeout` without one (a safety net, never a synchronisation).
    pub async fn recv_timeout(&mut self, timeout: Duration) -> anyhow::Result<Option<Received>> {
        let Some(text) = self.recv_text(timeout).await? else { return Ok(None) };
        let msg: ServerMsg = serde_json::from_str(&text).map_err(|e| anyhow::anyhow!("unreadable server message ({e}): {text}"))?;
        Ok(Some((text, msg)))
    }

    /// The next message's text, or `None` when the server closed the connection.
    pub async fn recv_text(&mut self, timeout: Duration) -> anyhow::Result<Option<String>> {
        loop {
            let next = tokio::time::timeout(timeout, self.ws.next()).await.map_err(|_| anyhow::anyhow!("no message from the server in {timeout:?}"))?;
            match next {
                None | Some(Ok(Message::Close(_))) => return Ok(None),
                Some(Err(e)) => return Err(e.into()),
                Some(Ok(Message::Text(t))) => return Ok(Some(t.to_string())),
                Some(Ok(_)) => continue,
            }
        }
    }

    pub async fn recv(&mut self) -> anyhow::Result<Option<Received>> {
        self.recv_timeout(Duration::from_secs(60)).await
    }

    /// Receives until `pick` accepts a message (returning what it made of it); other
    /// messages go to `seen`.
    pub async fn until<T>(&mut self, seen: &mut Vec<Received>, mut pick: impl FnMut(&ServerMsg) -> Option<T>) -> anyhow::Result<T> {
        loop {
            let Some((text, msg)) = self.recv().await? else { anyhow::bail!("the server closed the connection") };
            if let Some(t) = pick(&msg) {
                seen.push((text, msg));
                return Ok(t);
            }
            seen.push((text, msg));
        }
    }

    /// Says hello with this build's protocol version and waits for the welcome.
    pub async fn hello(&mut self) -> anyhow::Result<()> {
        self.send(&ClientMsg::Hello { version: PROTOCOL_VERSION }).await?;
        match self.recv().await? {
            Some((_, ServerMsg::Welcome { .. })) => Ok(()),
            other => anyhow::bail!("expected a welcome, got {other:?}"),
        }
    }

    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }
}

/// A plain HTTP GET on loopback (no TLS, `Connection: close`): the body.
pub async fn http_get(addr: &str, path: &str) -> anyhow::Result<(u16, String)> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = TcpStream::connect(addr).await?;
    s.write_all(format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n").as_bytes()).await?;
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).await?;
    let split = buf.windows(4).position(|w| w == b"\r\n\r\n").ok_or_else(|| anyhow::anyhow!("no HTTP response from {addr}"))?;
    let head = String::from_utf8_lossy(&buf[..split]).to_ascii_lowercase();
    let body = &buf[split + 4..];
    let status = head.split_whitespace().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    let body = if head.contains("transfer-encoding: chunked") { dechunk(body) } else { body.to_vec() };
    Ok((status, String::from_utf8_lossy(&body).into_owned()))
}

fn dechunk(mut body: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    while let Some(eol) = body.windows(2).position(|w| w == b"\r\n") {
        let Ok(n) = usize::from_str_radix(String::from_utf8_lossy(&body[..eol]).trim(), 16) else { break };
        let rest = &body[eol + 2..];
        if n == 0 || rest.len() < n {
            break;
        }
        out.extend_from_slice(&rest[..n]);
        body = rest[n..].strip_prefix(b"\r\n").unwrap_or(&rest[n..]);
    }
    out
}
