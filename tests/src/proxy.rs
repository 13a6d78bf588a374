//! A TCP proxy in front of the service, for the pages' tests that cut a tablet's network
//! for real: [`Proxy::cut`] closes its port and every connection through it (a hall's
//! Wi-Fi gone), [`Proxy::restore`] opens the same port again.

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use tokio::net::{TcpListener, TcpStream};
use tokio::task::JoinHandle;

/// The proxy: its address, and the tasks that make it (the listener, one per connection).
pub struct Proxy {
    address: SocketAddr,
    target: SocketAddr,
    tasks: Arc<Mutex<Vec<JoinHandle<()>>>>,
}

impl Proxy {
    /// A proxy on a free port of loopback to `origin` (`http://127.0.0.1:PORT`).
    pub async fn start(origin: &str) -> Proxy {
        let target: SocketAddr = origin.trim_start_matches("http://").parse().unwrap();
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap();
        let proxy = Proxy {
            address,
            target,
            tasks: Arc::default(),
        };
        proxy.serve(listener);
        proxy
    }

    /// `http://127.0.0.1:PORT` of the proxy.
    pub fn origin(&self) -> String {
        format!("http://{}", self.address)
    }

    fn serve(&self, listener: TcpListener) {
        let target = self.target;
        let tasks = Arc::clone(&self.tasks);
        let accepting = tokio::spawn(async move {
            while let Ok((mut inbound, _)) = listener.accept().await {
                let connection = tokio::spawn(async move {
                    if let Ok(mut outbound) = TcpStream::connect(target).await {
                        let _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound).await;
                    }
                });
                tasks.lock().unwrap().push(connection);
            }
        });
        self.tasks.lock().unwrap().push(accepting);
    }

    /// Closes the port and every connection through it: requests fail to connect.
    pub fn cut(&self) {
        for task in self.tasks.lock().unwrap().drain(..) {
            task.abort();
        }
    }

    /// Opens the same port again.
    pub async fn restore(&self) {
        let started = std::time::Instant::now();
        let listener = loop {
            match TcpListener::bind(self.address).await {
                Ok(listener) => break listener,
                Err(error) if started.elapsed() < std::time::Duration::from_secs(10) => {
                    let _ = error;
                    tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                }
                Err(error) => panic!("the proxy's port {}: {error}", self.address),
            }
        };
        self.serve(listener);
    }
}

impl Drop for Proxy {
    fn drop(&mut self) {
        self.cut();
    }
}
