//! This computer's own addresses, read from its network interfaces (`getifaddrs`): what a
//! server listening on all of them (`--bind 0.0.0.0`) tells the phones to open.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// The addresses at which `listening` (an unspecified address: every interface of its family,
/// both families for `::`) can be reached, IPv4 first: the addresses of the interfaces that
/// are up, without IPv6's link-local ones (a browser cannot open them without a zone), and
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

/// The addresses of the interfaces that are up.
fn interfaces() -> Vec<IpAddr> {
    let mut found = Vec::new();
    let mut list: *mut libc::ifaddrs = std::ptr::null_mut();
    // SAFETY: getifaddrs makes a list that is only read here, each address read as the
    // structure its family says, and freed once, after the last read.
    unsafe {
        if libc::getifaddrs(&mut list) != 0 {
            return found;
        }
        let mut next = list;
        while let Some(entry) = next.as_ref() {
            next = entry.ifa_next;
            let up = entry.ifa_flags & libc::IFF_UP as libc::c_uint != 0;
            let Some(address) = entry.ifa_addr.as_ref().filter(|_| up) else {
                continue;
            };
            match i32::from(address.sa_family) {
                libc::AF_INET => {
                    let v4 = &*entry.ifa_addr.cast::<libc::sockaddr_in>();
                    found.push(IpAddr::V4(Ipv4Addr::from(u32::from_be(v4.sin_addr.s_addr))));
                }
                libc::AF_INET6 => {
                    let v6 = &*entry.ifa_addr.cast::<libc::sockaddr_in6>();
                    found.push(IpAddr::V6(Ipv6Addr::from(v6.sin6_addr.s6_addr)));
                }
                _ => {}
            }
        }
        libc::freeifaddrs(list);
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

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
