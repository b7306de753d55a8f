//! This computer's own addresses, read from its network interfaces (`if_addrs`): what a
//! server listening on all of them (`--bind 0.0.0.0`) tells the phones to open.

use std::net::IpAddr;

/// The addresses at which `listening` (an unspecified address: every interface of its family,
/// both families for `::`) can be reached, IPv4 first: the addresses of the interfaces that
/// are up and running, without IPv6's link-local ones (a browser cannot open them without a zone), and
/// without the loopback ones when there are others. Empty if the interfaces cannot be read.
pub fn reaching(listening: IpAddr) -> Vec<IpAddr> {
    let mut found: Vec<IpAddr> = interfaces()
        .into_iter()
        .filter(|ip| listening.is_ipv6() || ip.is_ipv4())
        .filter(|ip| !matches!(ip, IpAddr::V6(v6) if v6.is_unicast_link_local()))
        .collect();
    if found.iter().any(|ip| !ip.is_loopback()) {
        found.retain(|ip| !ip.is_loopback());
    }
    found.sort_by_key(|ip| (ip.is_ipv6(), *ip));
    found.dedup();
    found
}

/// The addresses of the interfaces that are up and running.
fn interfaces() -> Vec<IpAddr> {
    if_addrs::get_if_addrs()
        .unwrap_or_default()
        .into_iter()
        .filter(if_addrs::Interface::is_oper_up)
        .map(|i| i.ip())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::Ipv4Addr;

    #[test]
    fn this_computer_has_an_address_on_every_interface_it_listens_on() {
        let v4 = reaching(IpAddr::V4(Ipv4Addr::UNSPECIFIED));
        assert!(!v4.is_empty(), "at least the loopback");
        assert!(v4.iter().all(IpAddr::is_ipv4), "{v4:?}");
        assert!(
            v4.len() == 1 || v4.iter().all(|ip| !ip.is_loopback()),
            "{v4:?}"
        );
    }
}
