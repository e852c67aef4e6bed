import { toString as qrToString } from 'qrcode';
import { useEffect, useState } from 'react';
import { useMessages } from '../../../i18n/index.ts';
import { shortAddress } from './qr-address.ts';

/** The white margin around the code, in modules: the four ISO/IEC 18004 asks for, so any phone reads it. */
export const QR_QUIET_ZONE = 4;

/**
 * The qrcode library's SVG of an address: black on white, the quiet zone included, error
 * correction M (a poster at a stop gets scratched). An SVG, so it is sharp at any print size.
 */
export function qrSvg(address: string): Promise<string> {
  return qrToString(address, {
    type: 'svg',
    margin: QR_QUIET_ZONE,
    errorCorrectionLevel: 'M',
    color: { dark: '#000000', light: '#ffffff' },
  });
}

/**
 * A printed timetable's QR code to its live page on the site, with what it is and the address
 * written beside it for people without a camera (issue 42). The code is an image of the SVG as
 * a data: address: the Content Security Policy allows data: images, and nothing in it runs. A
 * link too, so the page on screen and its PDF lead there as well.
 */
export function PrintQr({ address, caption }: { address: string; caption: string }) {
  const m = useMessages();
  const [svg, setSvg] = useState<{ address: string; svg: string } | null>(null);
  useEffect(() => {
    let current = true;
    qrSvg(address).then(
      (made) => {
        if (current) setSvg({ address, svg: made });
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [address]);
  return (
    <a className="print-qr" href={address}>
      {svg?.address === address ? (
        <img
          className="print-qr__code"
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg.svg)}`}
          alt={m.print.qrAlt}
        />
      ) : (
        <span className="print-qr__code" />
      )}
      <span className="print-qr__text">
        <span>{caption}</span> <strong className="print-qr__address">{shortAddress(address)}</strong>
      </span>
    </a>
  );
}
